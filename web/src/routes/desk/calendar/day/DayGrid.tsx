import { useCallback, useEffect, useMemo, useRef, type CSSProperties } from 'react';
import type { Schemas } from '../../../../api/client';
import { useT } from '../../../../i18n/i18n';
import type { DeskSettings } from '../desk-settings';
import { dropConflicts, type Place } from '../move/drop-rules';
import { DropOutcome, DropPreview, useDropMove } from '../move/DropMove';
import { useBookingDrag } from '../move/use-booking-drag';
import { useBookingName } from './BookingBlock';
import { clockText } from './clock-text';
import { bookingColour } from './colours';
import { layoutLanes } from './lanes';
import { resourcesByBooking } from './resources';
import { StaffColumn, type ColumnModel } from './StaffColumn';
import { TimeAxis } from './TimeAxis';
import { useSlotGrid } from './use-slot-grid';
import { clockOfMinutes, gridRange, minutesOfClock, offTime, slotStarts, spanOnDay } from './time-grid';
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
 * A booking is dragged to another time or member, or resized by its bottom edge, with a mouse or
 * a finger; the keyboard's and the phone's way is the panel's "Move…".
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
  const { grid, activeRow, listeners } = useSlotGrid({ columns, slots, date: day.date, onSlot });
  const scroller = useRef<HTMLDivElement>(null);

  // The staff's names stay at the box's top as it scrolls (day.css): the box's scroll padding is
  // their height, so that a slot or a booking the browser scrolls into view as it takes the focus
  // (the arrow keys, Tab) comes to rest below them, never hidden under them.
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const heads = [...box.querySelectorAll<HTMLElement>('.day-head')];
    const observer = new ResizeObserver(() => {
      const tallest = Math.max(0, ...heads.map((head) => head.offsetHeight));
      box.style.setProperty('--day-head-height', `${tallest}px`);
    });
    for (const head of heads) observer.observe(head);
    return () => observer.disconnect();
  }, [columns]);

  // The page hands new functions at each of its renders (a query's state, the clock's tick); the
  // columns get ones that never change, so that such a render draws none of them again.
  const handlers = useRef({ onOpenBooking });
  useEffect(() => {
    handlers.current = { onOpenBooking };
  });
  const open = useCallback((id: number) => handlers.current.onOpenBooking(id), []);

  // Dragging: the conflicts judged on the day already loaded, the drop sent with the booking's version.
  const drop = useDropMove();
  const bookingsById = useMemo(() => new Map(day.bookings.map((booking) => [booking.id, booking])), [day.bookings]);
  const now = { date: nowMinute !== null ? day.date : settings.today, minute: nowMinute ?? 0 };
  const { drag, onPointerDown } = useBookingDrag({
    scroller,
    grid,
    date: day.date,
    range,
    slotMinutes: settings.slotMinutes,
    staffIds: columns.map((column) => column.staffId),
    bookingOf: (id) => bookingsById.get(id),
    judge: (booking, place: Place) => dropConflicts(booking, place, day, now),
    onDrop: (done) => drop.send(done),
  });
  const shown = drag ?? drop.pending;
  const staffName = (id: number) => day.staff.find((member) => member.id === id)?.name ?? '';
  const clock = (minute: number) => clockText(clockOfMinutes(minute), settings.locale, settings.timeFormat);

  const inRange = nowMinute !== null && nowMinute >= range.start && nowMinute < range.end ? nowMinute : null;
  const style = {
    '--columns': String(columns.length),
    '--rows': String(slots.length),
  } as CSSProperties;
  if (columns.length === 0) return <p className="day-empty">{t('calendar.day.noStaff')}</p>;
  return (
    <>
      <DropOutcome drop={drop} date={day.date} staffName={staffName} clock={clock} />
      <div className="day-scroll" ref={scroller}>
        <div
          className="day-grid"
          ref={grid}
          style={style}
          {...listeners}
          onPointerDown={onPointerDown}
          data-dragging={drag ? true : undefined}
        >
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
              activeRow={activeRow(index)}
              nowMinute={inRange}
              locale={settings.locale}
              timeFormat={settings.timeFormat}
              onOpen={open}
              overlay={
                shown && shown.place.staffId === column.staffId ? (
                  <DropPreview
                    drag={shown}
                    staffName={column.name}
                    gridStart={range.start}
                    slotMinutes={settings.slotMinutes}
                    locale={settings.locale}
                    timeFormat={settings.timeFormat}
                    pending={!drag}
                  />
                ) : null
              }
            />
          ))}
        </div>
      </div>
    </>
  );
}
