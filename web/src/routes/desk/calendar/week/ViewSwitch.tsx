import { useT } from '../../../../i18n/i18n';
import { Button } from '../../../../ui/Button';

/** Day | Week: the current view is pressed; each is also its own address (Back returns). */
export function ViewSwitch({ view, onView }: { view: 'day' | 'week'; onView: (view: 'day' | 'week') => void }) {
  const t = useT();
  return (
    <div className="calendar-view-switch" role="group" aria-label={t('calendar.view.label')}>
      {(['day', 'week'] as const).map((each) => (
        <Button
          key={each}
          variant={view === each ? 'primary' : 'secondary'}
          aria-pressed={view === each}
          onPress={() => onView(each)}
        >
          {t(each === 'day' ? 'calendar.view.day' : 'calendar.view.week')}
        </Button>
      ))}
    </div>
  );
}
