// With extensions, and the types from the generated schema itself: the unit tests (web/test) load this file under node.
import type { components } from '../../../../api/schema.gen.js';
import { minutesOfClock, spanOnDay } from '../day/time-grid.js';

/*
 * Where a dragged booking lands and what the service would say about it, worked out from the
 * day already loaded, so the desk sees a conflict while it drags, before anything is sent. Pure
 * functions of minutes on the grid's day (the API's wall-clock times, never the browser's
 * clock), tested on their own. The service stays the judge: a drop is sent whatever these say,
 * and its answer is what the desk is finally told.
 */

type DayView = components['schemas']['DayView'];
type Booking = components['schemas']['Booking'];

/** A stretch of the day in minutes from midnight: [start, end). */
export interface Span {
  start: number;
  end: number;
}

/** A booking's place being dragged: its member and its time on the grid's day. */
export interface Place extends Span {
  staffId: number;
}

/** The nearest whole step of `calendar_slot_min`. */
export function snapMinute(minute: number, slotMinutes: number): number {
  return Math.round(minute / slotMinutes) * slotMinutes;
}

/**
 * The time a drag gives a booking, `delta` minutes of pointer travel from where it was: moved,
 * it keeps its length and starts on a step of the grid, within the grid's hours; resized by its
 * bottom edge, it keeps its start and ends on a step, at least one step long.
 */
export function draggedSpan(
  kind: 'move' | 'resize',
  origin: Span,
  delta: number,
  range: Span,
  slotMinutes: number,
): Span {
  if (kind === 'resize') {
    const end = snapMinute(origin.end + delta, slotMinutes);
    return { start: origin.start, end: Math.min(range.end, Math.max(origin.start + slotMinutes, end)) };
  }
  const length = origin.end - origin.start;
  const latest = Math.max(range.start, range.end - length);
  const start = Math.min(latest, Math.max(range.start, snapMinute(origin.start + delta, slotMinutes)));
  return { start, end: start + length };
}

/**
 * A conflict a drop would meet, named as the API names the refusal: `holiday` and
 * `booking_overlap` it refuses outright; `in_the_past` and `outside_working_time` are the desk's
 * rules, which a move may override.
 */
export type DropConflict = 'holiday' | 'booking_overlap' | 'outside_working_time' | 'in_the_past';

/** The busy parts of a booking: its time less its processing phase, when the member is free for another client. */
function busy(span: Span, processing: Span | null): Span[] {
  if (processing === null || processing.end <= processing.start) return [span];
  return [
    { start: span.start, end: Math.min(span.end, processing.start) },
    { start: Math.max(span.start, processing.end), end: span.end },
  ].filter((part) => part.end > part.start);
}

function overlaps(a: readonly Span[], b: readonly Span[]): boolean {
  return a.some((x) => b.some((y) => x.start < y.end && y.start < x.end));
}

function processingOf(booking: Booking, date: string): Span | null {
  return booking.processing_start_at && booking.processing_end_at
    ? spanOnDay(booking.processing_start_at, booking.processing_end_at, date)
    : null;
}

/**
 * What the service would refuse about `booking` at `place` on the loaded `day`, in the API's
 * order of checking. `now` is the salon's day and minute now (in its zone).
 *
 * - a holiday: nothing is booked that day;
 * - an overlap: the busy time (less the processing phase, which moves with the booking) meets
 *   another booking of the member that is not cancelled;
 * - in the past: the start changed and lies before now (a change of member or end alone is not
 *   judged by it, as the service does);
 * - outside working time: the member is off that day (time off, the salon closed), or has
 *   working windows and the booking lies within none of them. A member whose working time is not
 *   known that day (no windows at all) is not judged, as the service does.
 */
export function dropConflicts(
  booking: Booking,
  place: Place,
  day: DayView,
  now: { date: string; minute: number },
): DropConflict[] {
  const conflicts: DropConflict[] = [];
  if (day.holiday) conflicts.push('holiday');
  const origin = spanOnDay(booking.start_at, booking.end_at, day.date);
  const shift = place.start - origin.start;
  const processing = processingOf(booking, day.date);
  // Moved, the processing phase keeps its place within the booking; resized, it stays put.
  const ownProcessing =
    processing && shift !== 0 ? { start: processing.start + shift, end: processing.end + shift } : processing;
  const mine = busy(place, ownProcessing);
  const clash = day.bookings.some(
    (other) =>
      other.id !== booking.id &&
      other.staff_id === place.staffId &&
      other.status !== 'cancelled' &&
      overlaps(mine, busy(spanOnDay(other.start_at, other.end_at, day.date), processingOf(other, day.date))),
  );
  if (clash) conflicts.push('booking_overlap');
  const past = day.date < now.date || (day.date === now.date && place.start < now.minute);
  if (place.start !== origin.start && past) conflicts.push('in_the_past');
  const member = day.staff.find((one) => one.id === place.staffId);
  const closed = day.opening_hours?.is_closed === 1 || (member?.time_off.length ?? 0) > 0;
  const windows = (member?.working ?? []).map((window) => ({
    start: minutesOfClock(window.start_time),
    end: minutesOfClock(window.end_time),
  }));
  const within = windows.some((window) => window.start <= place.start && place.end <= window.end);
  if (!day.holiday && (closed || (windows.length > 0 && !within))) conflicts.push('outside_working_time');
  return conflicts;
}
