/*
 * The first Intl call of a page loads the locale data of the browser's internationalisation
 * library (ICU): tens of milliseconds of a slow phone's main thread, in whichever task formats
 * the page's first price, date or plural (bench/README.md, "Lighthouse under load"). That data
 * is shared by the whole renderer process, so a worker that makes the same calls first, in
 * parallel, takes it off the main thread: the page's own calls then find it loaded.
 */

const warmed = new Set<string>();

/** Starts loading `locale`'s Intl data in a worker (once per locale; nothing where workers are unavailable). */
export function warmIntl(locale: string): void {
  if (warmed.has(locale) || typeof Worker === 'undefined') return;
  warmed.add(locale);
  try {
    const worker = new Worker(new URL('./intl-warm-worker.ts', import.meta.url), { name: locale });
    // A worker that fails (its script not served, as in the component tests' single-file
    // bundle) changes nothing but the speed: its error is not the page's.
    worker.addEventListener('error', (event) => event.preventDefault());
  } catch {
    // No worker (a policy forbids it): the page's first Intl call loads the data itself.
  }
}
