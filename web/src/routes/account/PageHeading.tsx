import { useEffect, useRef } from 'react';
import { useTitle } from '../../ui/PageStates';

/**
 * The page's h1, which also names the tab; it takes the focus when the page appears, so a
 * screen reader starts reading the new page there (not where the previous one left off).
 */
export function PageHeading({ children }: { children: string }) {
  useTitle(children);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h1 ref={heading} tabIndex={-1}>
      {children}
    </h1>
  );
}
