import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * What came of the page's action, or why it cannot be done: a section whose heading takes the
 * focus when it appears, so the visitor (and a screen reader) lands on it.
 */
export function Outcome({ tone, title, children }: { tone: 'done' | 'problem'; title: string; children?: ReactNode }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={id} className={tone === 'done' ? 'notice outcome' : 'alert outcome'}>
      <h2 id={id} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The live regions results and problems appear in. Both are on the page from the start, empty:
 * a screen reader announces what is put into a region it already knows, not a region that
 * arrives with its text.
 */
export function LiveRegions({ done, problem }: { done?: ReactNode; problem?: ReactNode }) {
  return (
    <>
      <div role="status">{done}</div>
      <div role="alert">{problem}</div>
    </>
  );
}
