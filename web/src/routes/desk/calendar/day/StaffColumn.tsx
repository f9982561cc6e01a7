import { memo } from 'react';
import { useT } from '../../../../i18n/i18n';
import { formatClock } from '../../../../lib/format';
import { BookingBlock, type BookingView } from './BookingBlock';
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
 * work shaded, and their bookings on top.
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
  onSlot,
  onSlotFocus,
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
  /** A slot chosen: its member, minute and day (the column's own in a week). */
  onSlot: (staffId: number, minute: number, date: string) => void;
  onSlotFocus: (column: number, row: number) => void;
}) {
  const t = useT();
  const headingId = `staff-${column.key}`;
  const day = column.date ?? date;
  const isOff = (minute: number) => column.off.some((gap) => minute >= gap.start && minute < gap.end);
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
        {slots.map((minute, row) => {
          const time = formatClock(clockOfMinutes(minute), locale, timeFormat);
          return (
            <button
              key={minute}
              type="button"
              className="day-slot"
              data-col={columnIndex}
              data-row={row}
              tabIndex={row === activeRow ? 0 : -1}
              aria-label={t(isOff(minute) ? 'calendar.slot.bookOff' : 'calendar.slot.book', {
                staff: column.slotWho ?? column.name,
                time,
              })}
              onFocus={() => onSlotFocus(columnIndex, row)}
              onClick={() => onSlot(column.staffId, minute, day)}
            />
          );
        })}
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
            date={day}
            gridStart={gridStart}
            slotMinutes={slotMinutes}
            name={column.bookingNames.get(view.booking.id) ?? ''}
            locale={locale}
            timeFormat={timeFormat}
            onOpen={onOpen}
          />
        ))}
      </div>
    </section>
  );
});
