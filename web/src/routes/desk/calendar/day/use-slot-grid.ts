import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { slotKeyTarget } from './slot-keys';

/**
 * The slots of a time grid (the day's columns of members, the week's columns of days), heard
 * once for the whole grid rather than by each of a busy day's thousands of slot buttons: a
 * click books at the slot's member, minute and day; the focus moving remembers the slot (the
 * grid's one tab stop); the arrow keys, Home, End, PageUp and PageDown move between slots. A
 * slot carries its column and row in `data-col` and `data-row`. A press on a booking's
 * processing phase (drawn over the slots it leaves free) books there too, at the step of the
 * grid under the pointer, within the phase.
 */
export function useSlotGrid({
  columns,
  slots,
  date,
  onSlot,
}: {
  columns: readonly { staffId: number; date?: string }[];
  slots: readonly number[];
  /** The day of a column without one of its own. */
  date: string;
  onSlot: (staffId: number, minute: number, date: string) => void;
}) {
  const [active, setActive] = useState({ column: 0, row: 0 });
  const grid = useRef<HTMLDivElement>(null);
  // The page hands a new function at each of its renders; the grid's listeners read the latest.
  const handler = useRef(onSlot);
  useEffect(() => {
    handler.current = onSlot;
  });

  const slotOf = (target: EventTarget) => {
    const element = target as HTMLElement;
    if (!element.classList?.contains('day-slot')) return null;
    return { column: Number(element.dataset.col), row: Number(element.dataset.row) };
  };
  /** Under a press on a processing phase: its column, and the grid's step there, counted from the phase's start. */
  const processingAt = (event: MouseEvent<HTMLDivElement>) => {
    const band = (event.target as Element).closest?.<HTMLElement>('.booking-processing');
    const firstSlot = band?.closest('.day-body')?.querySelector<HTMLElement>('.day-slot');
    if (!band || !firstSlot) return null;
    const start = Number(band.dataset.start);
    const end = Number(band.dataset.end);
    const step = slots.length > 1 ? slots[1]! - slots[0]! : end - start;
    const rect = band.getBoundingClientRect();
    const fraction = rect.height > 0 ? Math.min(Math.max((event.clientY - rect.top) / rect.height, 0), 0.999) : 0;
    return {
      column: Number(firstSlot.dataset.col),
      minute: start + Math.floor((fraction * (end - start)) / step) * step,
    };
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const slot = slotOf(event.target);
    const at = slot ? { column: slot.column, minute: slots[slot.row] } : processingAt(event);
    const column = at && columns[at.column];
    if (column && at.minute !== undefined) handler.current(column.staffId, at.minute, column.date ?? date);
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const slot = slotOf(event.target);
    if (slot) setActive((now) => (now.column === slot.column && now.row === slot.row ? now : slot));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const slot = slotOf(event.target);
    if (!slot) return;
    const next = slotKeyTarget(event.key, slot, { columns: columns.length, rows: slots.length });
    if (!next) return;
    event.preventDefault();
    const target = grid.current?.querySelector<HTMLElement>(`.day-slot[data-col="${next[0]}"][data-row="${next[1]}"]`);
    if (!target) return;
    // Scrolled by the least that shows it whole, clear of the names and hours kept in view (the
    // box's scroll padding, day.css): the focus's own scrolling heeds that padding only upwards
    // and downwards in Chromium, and centres the slot where the nearest edge is enough.
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  /** The row of column `index`'s slot in the tab order; -1 when another column holds it. */
  const activeRow = (index: number) =>
    Math.min(active.column, columns.length - 1) === index ? Math.min(active.row, slots.length - 1) : -1;
  return { grid, activeRow, listeners: { onClick, onFocus, onKeyDown } };
}
