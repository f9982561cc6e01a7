import { memo, useMemo, type ReactNode } from 'react';
import { useT } from '../../../../i18n/i18n';
import { BookingBlock, type BookingView } from './BookingBlock';
import { clockText } from './clock-text';
import { clockOfMinutes } from './time-grid';

export interface ColumnModel {
  key: string;
  staffId: number;
  name: string;
  /** A note under the name: time off, not working today. */
  note: string | null;
  /** The column's own day, when columns are days (the week view); else the grid's `date`. */
  date?: string;
  /** Who and when its slots book, when the name alone does not say it (the week view: "Ana, Tuesday 4 March"). */
  slotWho?: string;
  /** Stretches of the grid outside the member's working time (before, breaks, after). */
  off: { start: number; end: number }[];
  bookings: BookingView[];
  bookingNames: Map<number, string>;
}

/**
 * One staff member's column: their name, the grid's slots (each a button that books there; one
 * of the whole grid is in the tab order, the arrow keys move between them), the time they do not
 * work shaded, and their bookings on top. The slots carry their column and row in `data-*`: the
 * grid listens for their clicks and focus once, rather than each of a busy day's thousands of
 * slots holding handlers of its own.
 */
export const StaffColumn = memo(function StaffColumn({
  column,
  columnIndex,
  date,
  slots,
  gridStart,
  slotMinutes,
  activeRow,
  nowMinute,
  locale,
  timeFormat,
  onOpen,
  overlay,
}: {
  column: ColumnModel;
  columnIndex: number;
  date: string;
  slots: readonly number[];
  gridStart: number;
  slotMinutes: number;
  /** The row of this column's slot in the tab order; -1 when another column holds it. */
  activeRow: number;
  nowMinute: number | null;
  locale: string;
  timeFormat: string;
  onOpen: (id: number) => void;
  /** Drawn over the column: where a booking dragged here would land. */
  overlay?: ReactNode;
}) {
  const t = useT();
  const headingId = `staff-${column.key}`;
  // The slots' names change with the member, the grid and the language, not with the focus.
  const labels = useMemo(() => {
    const isOff = (minute: number) => column.off.some((gap) => minute >= gap.start && minute < gap.end);
    return slots.map((minute) =>
      t(isOff(minute) ? 'calendar.slot.bookOff' : 'calendar.slot.book', {
        staff: column.slotWho ?? column.name,
        time: clockText(clockOfMinutes(minute), locale, timeFormat),
      }),
    );
  }, [column.off, column.name, column.slotWho, slots, locale, timeFormat, t]);
  return (
    <section className="day-column" aria-labelledby={headingId}>
      <div className="day-head">
        <h2 id={headingId}>{column.name}</h2>
        {column.note && <p className="day-note">{column.note}</p>}
      </div>
      <div className="day-body">
        {column.off.map((gap) => (
          <div
            key={gap.start}
            className="day-off"
            aria-hidden="true"
            style={{
              top: `calc(var(--slot-height) * ${(gap.start - gridStart) / slotMinutes})`,
              height: `calc(var(--slot-height) * ${(gap.end - gap.start) / slotMinutes})`,
            }}
          />
        ))}
        {slots.map((minute, row) => (
          <button
            key={minute}
            type="button"
            className="day-slot"
            data-col={columnIndex}
            data-row={row}
            tabIndex={row === activeRow ? 0 : -1}
            aria-label={labels[row]}
          />
        ))}
        {nowMinute !== null && (
          <div
            className="day-now"
            aria-hidden="true"
            style={{ top: `calc(var(--slot-height) * ${(nowMinute - gridStart) / slotMinutes})` }}
          />
        )}
        {column.bookings.map((view) => (
          <BookingBlock
            key={view.booking.id}
            view={view}
            date={column.date ?? date}
            gridStart={gridStart}
            slotMinutes={slotMinutes}
            name={column.bookingNames.get(view.booking.id) ?? ''}
            locale={locale}
            timeFormat={timeFormat}
            onOpen={onOpen}
          />
        ))}
        {overlay}
      </div>
    </section>
  );
});
