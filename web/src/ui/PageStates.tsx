import { useEffect, useRef } from 'react';
import { useT } from '../i18n/i18n';

/** Sets the document's title; a new page's title tells a screen reader where it is. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function Loading() {
  const t = useT();
  return (
    <p role="status" aria-live="polite">
      {t('app.loading')}
    </p>
  );
}

/** A failed load: says so and offers to try again. */
export function LoadError({ retry }: { retry: () => void }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="alert" className="alert">
      <h2 ref={heading} tabIndex={-1}>
        {t('app.error.title')}
      </h2>
      <p>{t('app.error.body')}</p>
      {/* The browser's own button: every shell shows this page, and the booking page's first load
          cannot afford React Aria's press handling for it. */}
      <button type="button" className="button" data-variant="primary" onClick={retry}>
        {t('app.error.retry')}
      </button>
    </div>
  );
}

export function NotFound() {
  const t = useT();
  useTitle(t('app.notFound.title'));
  return (
    <>
      <h1>{t('app.notFound.title')}</h1>
      <p>{t('app.notFound.body')}</p>
    </>
  );
}
