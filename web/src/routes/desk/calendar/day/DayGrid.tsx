import { useCallback, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { Schemas } from '../../../../api/client';
import { useT } from '../../../../i18n/i18n';
import type { DeskSettings } from '../desk-settings';
import { useBookingName } from './BookingBlock';
import { bookingColour } from './colours';
import { layoutLanes } from './lanes';
import { resourcesByBooking } from './resources';
import { slotKeyTarget } from './slot-keys';
import { StaffColumn, type ColumnModel } from './StaffColumn';
import { TimeAxis } from './TimeAxis';
import { gridRange, minutesOfClock, offTime, slotStarts, spanOnDay } from './time-grid';
import './day.css';

type DayView = Schemas['DayView'];

/** The day's columns: each member's working time, time off and bookings, in lanes and colours. */
function useColumns(
  day: DayView,
  settings: DeskSettings,
  categoryColours: ReadonlyMap<number, string | null>,
  names: (booking: Schemas['Booking']) => string,
) {
  const t = useT();
  return useMemo(() => {
    const working = day.staff.flatMap((member) =>
      member.working.map((window) => ({
        start: minutesOfClock(window.start_time),
        end: minutesOfClock(window.end_time),
      })),
    );
    const hours = day.opening_hours;
    const open =
      hours && hours.is_closed === 0 && hours.open_time && hours.close_time
        ? [{ start: minutesOfClock(hours.open_time), end: minutesOfClock(hours.close_time) }]
        : [];
    const spans = day.bookings.map((booking) => spanOnDay(booking.start_at, booking.end_at, day.date));
    const range = gridRange([...open, ...working, ...spans], settings.slotMinutes);
    const staffIndex = new Map(day.staff.map((member, index) => [member.id, index]));
    const held = resourcesByBooking(day);
    const columns: ColumnModel[] = day.staff.map((member) => {
      const own = day.bookings.filter((booking) => booking.staff_id === member.id);
      const places = layoutLanes(
        own.map((booking) => ({ id: booking.id, ...spanOnDay(booking.start_at, booking.end_at, day.date) })),
      );
      const windows = member.working.map((window) => ({
        start: minutesOfClock(window.start_time),
        end: minutesOfClock(window.end_time),
      }));
      const timeOff = member.time_off[0];
      return {
        key: String(member.id),
        staffId: member.id,
        name: member.name,
        note: timeOff
          ? t('calendar.day.timeOff', { reason: timeOff.reason })
          : windows.length === 0
            ? t('calendar.day.notWorking')
            : null,
        off: offTime(range, windows),
        bookings: own.map((booking) => ({
          booking,
          colour: bookingColour(booking, settings.colorMode, staffIndex, categoryColours),
          place: places.get(booking.id) ?? { lane: 0, lanes: 1 },
          resources: held.get(booking.id) ?? [],
        })),
        bookingNames: new Map(own.map((booking) => [booking.id, names(booking)])),
      };
    });
    return { range, columns, slots: slotStarts(range, settings.slotMinutes) };
  }, [day, settings, categoryColours, names, t]);
}

/**
 * The day view: a column per staff member on one time grid in steps of `calendar_slot_min`.
 * One slot of the whole grid is in the tab order (where the focus last was); the arrow keys move
 * to the slot above, below and in the next columns, Home and End to the day's first and last.
 */
export function DayGrid({
  day,
  settings,
  categoryColours,
  nowMinute,
  onOpenBooking,
  onSlot,
}: {
  day: DayView;
  settings: DeskSettings;
  categoryColours: ReadonlyMap<number, string | null>;
  /** The minute of the salon's day now, when the day shown is today. */
  nowMinute: number | null;
  onOpenBooking: (id: number) => void;
  onSlot: (staffId: number, minute: number, date: string) => void;
}) {
  const t = useT();
  const names = useBookingName(settings.locale, settings.timeFormat);
  const { range, columns, slots } = useColumns(day, settings, categoryColours, names);
  const [active, setActive] = useState({ column: 0, row: 0 });
  const grid = useRef<HTMLDivElement>(null);
  const onSlotFocus = useCallback((column: number, row: number) => setActive({ column, row }), []);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!target.classList.contains('day-slot')) return;
    const next = slotKeyTarget(
      event.key,
      { column: Number(target.dataset.col), row: Number(target.dataset.row) },
      { columns: columns.length, rows: slots.length },
    );
    if (!next) return;
    event.preventDefault();
    grid.current?.querySelector<HTMLElement>(`.day-slot[data-col="${next[0]}"][data-row="${next[1]}"]`)?.focus();
  };

  const inRange = nowMinute !== null && nowMinute >= range.start && nowMinute < range.end ? nowMinute : null;
  const style = {
    '--columns': String(columns.length),
    '--rows': String(slots.length),
  } as CSSProperties;
  if (columns.length === 0) return <p className="day-empty">{t('calendar.day.noStaff')}</p>;
  return (
    <div className="day-scroll">
      <div className="day-grid" ref={grid} style={style} onKeyDown={move}>
        <TimeAxis slots={slots} range={range} settings={settings} />
        {columns.map((column, index) => (
          <StaffColumn
            key={column.key}
            column={column}
            columnIndex={index}
            date={day.date}
            slots={slots}
            gridStart={range.start}
            slotMinutes={settings.slotMinutes}
            activeRow={
              Math.min(active.column, columns.length - 1) === index ? Math.min(active.row, slots.length - 1) : -1
            }
            nowMinute={inRange}
            locale={settings.locale}
            timeFormat={settings.timeFormat}
            onOpen={onOpenBooking}
            onSlot={onSlot}
            onSlotFocus={onSlotFocus}
          />
        ))}
      </div>
    </div>
  );
}
