import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import './summary-bar.css';

/**
 * On a phone (summary-bar.css), a bar kept at the screen's foot once a service is chosen: what
 * is chosen so far, and "Continue", which brings the next step to be done (the day, the time,
 * the details) into view and moves the focus to its heading, so a screen reader says where the
 * visitor now is. The form's own button books: a second "Book" would be two controls of one name.
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
  return (
    <div className="summary-bar">
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
