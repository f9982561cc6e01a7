import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import './summary-bar.css';

/**
 * On a phone (summary-bar.css), a bar kept at the screen's foot once a service is chosen: what
 * is chosen so far, and "Continue", which brings the next step to be done (the day, the time,
 * the details) into view and moves the focus to its heading, so a screen reader says where the
 * visitor now is. The form's own button books: a second "Book" would be two controls of one name.
 *
 * While it is shown, the page's scroll padding at the foot is the bar's height, so that what the
 * browser scrolls into view (a control reached by Tab or the arrow keys, a tap's target) comes
 * to rest above the bar instead of under it: a focused control is never hidden by it.
 */
export function SummaryBar({
  services,
  when,
  next,
}: {
  services: string[];
  /** The time chosen, said in full, if any. */
  when: string | null;
  /** The id of the next step's heading. */
  next: string;
}) {
  const t = useT();
  const names = services.join(', ');
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    // 0 where the bar is not shown (wider screens: display none); its text may wrap on a phone.
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--summary-bar-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--summary-bar-height');
    };
  }, []);
  return (
    <div className="summary-bar" ref={bar}>
      <p>{when ? t('book.details.summary', { services: names, when }) : names}</p>
      <Button
        onPress={() => {
          const heading = document.getElementById(next);
          heading?.focus({ preventScroll: true });
          heading?.scrollIntoView({ block: 'start' });
        }}
      >
        {t('book.bar.next')}
      </Button>
    </div>
  );
}
