import { useMemo, type CSSProperties } from 'react';
import type { Schemas } from '../../../../api/client';
import { useT } from '../../../../i18n/i18n';
import { useBookingName } from '../day/BookingBlock';
import { bookingColour } from '../day/colours';
import { layoutLanes } from '../day/lanes';
import { resourcesByBooking } from '../day/resources';
import { StaffColumn, type ColumnModel } from '../day/StaffColumn';
import { TimeAxis } from '../day/TimeAxis';
import { gridRange, minutesOfClock, offTime, slotStarts, spanOnDay } from '../day/time-grid';
import { useSlotGrid } from '../day/use-slot-grid';
import { dayName } from '../day-name';
import type { DeskSettings } from '../desk-settings';
import '../day/day.css';
import { shortDayName } from './week-days';

type DayView = Schemas['DayView'];

/** The member's seven days as columns: the day view's column, one per day, on one time grid. */
function useWeekColumns(
  days: readonly DayView[],
  member: { id: number; name: string },
  settings: DeskSettings,
  categoryColours: ReadonlyMap<number, string | null>,
  names: (booking: Schemas['Booking']) => string,
) {
  const t = useT();
  return useMemo(() => {
    const toMinutes = (range: { start_time: string; end_time: string }) => ({
      start: minutesOfClock(range.start_time),
      end: minutesOfClock(range.end_time),
    });
    const perDay = days.map((day) => {
      const own = day.staff.find((entry) => entry.id === member.id);
      const bookings = day.bookings.filter((booking) => booking.staff_id === member.id);
      const hours = day.opening_hours;
      const open =
        hours && hours.is_closed === 0 && hours.open_time && hours.close_time
          ? [{ start: minutesOfClock(hours.open_time), end: minutesOfClock(hours.close_time) }]
          : [];
      return { day, own, bookings, open, working: (own?.working ?? []).map(toMinutes) };
    });
    // One grid for the week: every day's opening hours, working time and bookings fit on it.
    const range = gridRange(
      perDay.flatMap(({ day, bookings, open, working }) => [
        ...open,
        ...working,
        ...bookings.map((booking) => spanOnDay(booking.start_at, booking.end_at, day.date)),
      ]),
      settings.slotMinutes,
    );
    const staffIndex = new Map([[member.id, 0]]);
    const columns: ColumnModel[] = perDay.map(({ day, own, bookings, working }) => {
      const places = layoutLanes(
        bookings.map((booking) => ({ id: booking.id, ...spanOnDay(booking.start_at, booking.end_at, day.date) })),
      );
      const held = resourcesByBooking(day);
      const timeOff = own?.time_off[0];
      return {
        key: `week-${day.date}`,
        staffId: member.id,
        date: day.date,
        name: shortDayName(day.date, settings.locale),
        slotWho: t('calendar.week.slotWho', { staff: member.name, day: dayName(day.date, settings.locale) }),
        note: day.holiday
          ? t('calendar.week.holiday', { name: day.holiday.name })
          : day.opening_hours?.is_closed === 1
            ? t('calendar.week.closed')
            : timeOff
              ? t('calendar.day.timeOff', { reason: timeOff.reason })
              : working.length === 0
                ? t('calendar.week.notWorking')
                : null,
        off: offTime(range, working),
        bookings: bookings.map((booking) => ({
          booking,
          colour: bookingColour(booking, settings.colorMode, staffIndex, categoryColours),
          place: places.get(booking.id) ?? { lane: 0, lanes: 1 },
          resources: held.get(booking.id) ?? [],
        })),
        bookingNames: new Map(bookings.map((booking) => [booking.id, names(booking)])),
      };
    });
    return { range, columns, slots: slotStarts(range, settings.slotMinutes) };
  }, [days, member, settings, categoryColours, names, t]);
}

/**
 * The week view of one staff member: a column per day on the day view's time grid, built of
 * the day view's own column, bookings and axis. The keyboard moves as in the day view, the
 * arrow keys across days.
 */
export function WeekGrid({
  days,
  member,
  settings,
  categoryColours,
  now,
  onOpenBooking,
  onSlot,
}: {
  /** The seven days' answers, in order, asked for this member only. */
  days: readonly DayView[];
  member: { id: number; name: string };
  settings: DeskSettings;
  categoryColours: ReadonlyMap<number, string | null>;
  /** The salon's day and minute now. */
  now: { date: string; minute: number } | null;
  onOpenBooking: (id: number) => void;
  onSlot: (staffId: number, minute: number, date: string) => void;
}) {
  const names = useBookingName(settings.locale, settings.timeFormat);
  const { range, columns, slots } = useWeekColumns(days, member, settings, categoryColours, names);
  const { grid, activeRow, listeners } = useSlotGrid({ columns, slots, date: columns[0]?.date ?? '', onSlot });

  const nowMinute = now !== null && now.minute >= range.start && now.minute < range.end ? now.minute : null;
  const style = { '--columns': String(columns.length), '--rows': String(slots.length) } as CSSProperties;
  return (
    <div className="day-scroll">
      <div className="day-grid week-grid" ref={grid} style={style} {...listeners}>
        <TimeAxis slots={slots} range={range} settings={settings} />
        {columns.map((column, index) => (
          <StaffColumn
            key={column.key}
            column={column}
            columnIndex={index}
            date={column.date ?? ''}
            slots={slots}
            gridStart={range.start}
            slotMinutes={settings.slotMinutes}
            activeRow={activeRow(index)}
            nowMinute={column.date === now?.date ? nowMinute : null}
            locale={settings.locale}
            timeFormat={settings.timeFormat}
            onOpen={onOpenBooking}
          />
        ))}
      </div>
    </div>
  );
}
