import { parseDate, type CalendarDate, type DateValue } from '@internationalized/date';
import { useState } from 'react';
import type { Cases } from '../testing/component-page';
import { Calendar } from './Calendar';

/** The component tests' cases of Calendar (web/component/Calendar.test.ts): a salon closed on Sundays. */

const TODAY = parseDate('2026-12-01');

function Days({ firstDayOfWeek }: { firstDayOfWeek: 'mon' | 'sun' }) {
  const [value, setValue] = useState<CalendarDate | null>(null);
  return (
    <>
      <h1 id="day">Day</h1>
      <Calendar
        aria-labelledby="day"
        value={value}
        onChange={setValue}
        minValue={TODAY}
        maxValue={TODAY.add({ days: 45 })}
        isDateUnavailable={(date: DateValue) => date.toDate('UTC').getUTCDay() === 0}
        firstDayOfWeek={firstDayOfWeek}
        previousLabel="Previous month"
        nextLabel="Next month"
      />
      <p>Chosen: {value?.toString() ?? 'none'}</p>
    </>
  );
}

export const cases: Cases = {
  'weeks from Monday': () => <Days firstDayOfWeek="mon" />,
  'weeks from Sunday': () => <Days firstDayOfWeek="sun" />,
};
