import { useEffect, useSyncExternalStore } from 'react';

/*
 * The first Intl call of a page loads the locale data of the browser's internationalisation
 * library (ICU): tens of milliseconds of a slow phone's main thread, in whichever task formats
 * the page's first price, date or plural (bench/README.md, "Lighthouse under load"). That data
 * is shared by the whole renderer process, so a worker that makes the same calls first, in
 * parallel, takes it off the main thread: the page's own calls then find it loaded.
 *
 * Only if the worker is done first, though: started as the messages loaded, it lost the race
 * to the booking page's first render of its services (which the messages and the data already
 * preloaded reached within a few tasks), and that render made the first call itself. So the
 * shell starts it as its script starts (warmIntl), and a page whose first render formats waits
 * for it (useIntlWarmed) as it waits for its data.
 */

/** Long enough for the worker on a slow phone; a page never waits longer for it. */
const WAIT_AT_MOST_MS = 500;

const warming = new Map<string, Promise<void>>();
const warmed = new Set<string>();
const listeners = new Set<() => void>();

function finish(locale: string): void {
  if (warmed.has(locale)) return;
  warmed.add(locale);
  for (const listener of listeners) listener();
}

/**
 * Starts loading `locale`'s Intl data in a worker (once per locale); the promise settles when it
 * is loaded, when the worker failed, or after WAIT_AT_MOST_MS. Where workers are unavailable
 * there is nothing to wait for.
 */
export function warmIntl(locale: string): Promise<void> {
  let warm = warming.get(locale);
  if (warm) return warm;
  if (typeof Worker === 'undefined') {
    finish(locale);
    warm = Promise.resolve();
  } else {
    warm = new Promise<void>((resolve) => {
      const done = () => {
        finish(locale);
        resolve();
      };
      setTimeout(done, WAIT_AT_MOST_MS);
      try {
        const worker = new Worker(new URL('./intl-warm-worker.ts', import.meta.url), { name: locale });
        worker.addEventListener('message', done);
        // A worker that fails (its script not served, as in the component tests' single-file
        // bundle) changes nothing but the speed: its error is not the page's.
        worker.addEventListener('error', (event) => {
          event.preventDefault();
          done();
        });
      } catch {
        // No worker (a policy forbids it): the page's first Intl call loads the data itself.
        done();
      }
    });
  }
  warming.set(locale, warm);
  return warm;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether `locale`'s Intl data is loaded (or no longer waited for); starts loading it if not yet. */
export function useIntlWarmed(locale: string): boolean {
  useEffect(() => {
    void warmIntl(locale);
  }, [locale]);
  return useSyncExternalStore(subscribe, () => warmed.has(locale));
}
