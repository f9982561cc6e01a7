import type { CalendarDate } from '@internationalized/date';
import {
  Button,
  Calendar as AriaCalendar,
  CalendarCell,
  CalendarGrid,
  Heading,
  type CalendarProps,
} from 'react-aria-components';
import './calendar.css';

interface Props extends Omit<CalendarProps<CalendarDate>, 'children' | 'firstDayOfWeek'> {
  previousLabel: string;
  nextLabel: string;
  /**
   * The salon's first day of the week (`weekStart(first_day_of_week)`, lib/datetime.ts). Required:
   * left out, React Aria would start the week where the visitor's locale does.
   */
  firstDayOfWeek: NonNullable<CalendarProps<CalendarDate>['firstDayOfWeek']>;
}

/** React Aria's calendar: a month grid, arrow keys between days, unavailable days greyed and refused. */
export function Calendar({ previousLabel, nextLabel, ...props }: Props) {
  return (
    <AriaCalendar {...props} className="calendar">
      <header>
        <Button slot="previous" className="button" data-variant="secondary" aria-label={previousLabel}>
          <span aria-hidden="true">‹</span>
        </Button>
        <Heading className="month" />
        <Button slot="next" className="button" data-variant="secondary" aria-label={nextLabel}>
          <span aria-hidden="true">›</span>
        </Button>
      </header>
      <CalendarGrid>{(date) => <CalendarCell date={date} className="day" />}</CalendarGrid>
    </AriaCalendar>
  );
}
