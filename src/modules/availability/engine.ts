import { DateTime } from 'luxon';

/*
 * The availability engine (rules in docs/api.md "Online booking page", "Availability").
 * Pure: plain data of one date in, slots out; no database, no clock of its own (`now` is
 * given), so every rule is unit-tested in isolation and the same function both offers slots
 * (GET /public/availability) and judges a requested start inside the booking's transaction.
 *
 * Times are the salon's wall-clock, as bookings are stored: minutes from the date's midnight.
 * Rules, in the order a start is refused:
 *   past / lead time      start before now + booking_min_lead_hours (real hours, so a DST
 *                         change between now and the slot counts the hour it adds or drops)
 *   too far               date after today + booking_max_future_days (today in the salon zone)
 *   closed                holiday, the salon's closed weekday, the staff member's time off
 *   off grid              start not on the calendar_slot_min grid counted from midnight, or a
 *                         wall-clock time that does not exist (the hour skipped by DST)
 *   outside hours         [start, start + duration) not inside one working window: the dated
 *                         shifts of that date, else the default shifts of that weekday, else
 *                         the salon's opening hours of that weekday
 *   taken                 within calendar_buffer_min of a non-cancelled booking
 */

export interface TimeRange {
  /** `HH:MM` */
  start_time: string;
  end_time: string;
}

export interface StaffDay {
  id: number;
  /** Dated shifts on this date. */
  shifts: TimeRange[];
  /** Default shifts of this weekday; used only when there are no dated shifts. */
  defaultShifts: TimeRange[];
  /** A time-off entry covers this date. */
  timeOff: boolean;
  /** Non-cancelled bookings touching this date (wall clock, `YYYY-MM-DD HH:MM:SS`). */
  bookings: Array<{ start_at: string; end_at: string }>;
}

export interface DayInput {
  /** `YYYY-MM-DD` in the salon's zone. */
  date: string;
  timezone: string;
  now: Date;
  /** The service's duration plus new_client_extra_min where it applies. */
  durationMin: number;
  slotMin: number;
  bufferMin: number;
  minLeadHours: number;
  maxFutureDays: number;
  /** The opening-hours entry of the date's weekday, if any. */
  openingHours: { open_time: string | null; close_time: string | null; is_closed: number } | null;
  holiday: boolean;
  /** The candidates: the chosen staff member, or every bookable one. */
  staff: StaffDay[];
}

export interface Slot {
  start_at: string;
  end_at: string;
  staff_id: number;
}

export type Refusal = 'past' | 'lead_time' | 'too_far' | 'closed' | 'off_grid' | 'outside_hours' | 'taken';

export type Verdict = { ok: true; staffId: number } | { ok: false; reason: Refusal };

const DAY = 1440;
/** When several reasons apply to the candidates, the one named is the first of these. */
const REASON_ORDER: Refusal[] = ['taken', 'outside_hours', 'off_grid', 'closed', 'too_far', 'lead_time', 'past'];

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
}

/** A wall-clock datetime as minutes from `date`'s midnight (negative the day before). */
function minutesFrom(date: string, dateTime: string): number {
  // Nearly every booking is on the date itself: no calendar arithmetic for those.
  const days = dateTime.startsWith(date) ? 0 : dayNumber(dateTime.slice(0, 10)) - dayNumber(date);
  return days * DAY + Number(dateTime.slice(11, 13)) * 60 + Number(dateTime.slice(14, 16));
}

function wallClock(date: string, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${date} ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
}

interface Bounds {
  /** A reason that refuses the whole date, for everyone. */
  closedReason: Refusal | null;
  /** Starts before this minute are refused (lead time), and before `nowMinute` as past. */
  earliest: number;
  nowMinute: number;
  /** Minutes of the date that do not exist on the wall clock (the DST gap). */
  gap: { start: number; end: number } | null;
}

function boundsOf(input: DayInput): Bounds {
  const now = DateTime.fromJSDate(input.now).setZone(input.timezone);
  const today = now.toFormat('yyyy-MM-dd');
  const earliestAt = DateTime.fromMillis(input.now.getTime() + input.minLeadHours * 3_600_000).setZone(input.timezone);
  const earliestDate = earliestAt.toFormat('yyyy-MM-dd');
  // Rounded up to the minute: a start at 14:00 is not "at or after" 14:00:30.
  const earliestMinute =
    earliestAt.hour * 60 + earliestAt.minute + (earliestAt.second > 0 || earliestAt.millisecond > 0 ? 1 : 0);
  const nowMinute = now.hour * 60 + now.minute + (now.second > 0 || now.millisecond > 0 ? 1 : 0);

  let closedReason: Refusal | null = null;
  if (input.date < today) closedReason = 'past';
  else if (input.date < earliestDate) closedReason = 'lead_time';
  else if (dayNumber(input.date) - dayNumber(today) > input.maxFutureDays) closedReason = 'too_far';
  else if (input.holiday || input.openingHours?.is_closed === 1) closedReason = 'closed';

  return {
    closedReason,
    earliest: input.date === earliestDate ? earliestMinute : -Infinity,
    nowMinute: input.date === today ? nowMinute : -Infinity,
    gap: dstGap(input.date, input.timezone),
  };
}

/** The skipped wall-clock minutes when the zone springs forward on `date`, else null. */
function dstGap(date: string, timezone: string): { start: number; end: number } | null {
  const midnight = DateTime.fromISO(`${date}T00:00`, { zone: timezone });
  const endOfDay = DateTime.fromISO(`${date}T23:59`, { zone: timezone });
  const jump = endOfDay.offset - midnight.offset;
  if (jump <= 0) return null;
  // Find the first minute whose wall clock does not survive a round trip.
  for (let minute = 0; minute < DAY; minute += 1) {
    const at = midnight.set({ hour: Math.floor(minute / 60), minute: minute % 60 });
    if (at.hour * 60 + at.minute !== minute) return { start: minute, end: minute + jump };
  }
  return null;
}

function windowsOf(input: DayInput, staff: StaffDay): Array<{ start: number; end: number }> {
  const ranges =
    staff.shifts.length > 0
      ? staff.shifts
      : staff.defaultShifts.length > 0
        ? staff.defaultShifts
        : input.openingHours?.open_time && input.openingHours.close_time
          ? [{ start_time: input.openingHours.open_time, end_time: input.openingHours.close_time }]
          : [];
  return ranges
    .map((range) => ({ start: minutesOf(range.start_time), end: minutesOf(range.end_time) }))
    .filter((window) => window.end > window.start);
}

/** Booked time widened by the buffer on both sides: no new booking may start or end inside. */
function busyOf(input: DayInput, staff: StaffDay): Array<{ start: number; end: number }> {
  return staff.bookings.map((booking) => ({
    start: minutesFrom(input.date, booking.start_at) - input.bufferMin,
    end: minutesFrom(input.date, booking.end_at) + input.bufferMin,
  }));
}

interface Judge {
  bounds: Bounds;
  step: number;
  staff: Array<{
    id: number;
    load: number;
    closed: boolean;
    windows: Array<{ start: number; end: number }>;
    busy: Array<{ start: number; end: number }>;
  }>;
}

function prepare(input: DayInput): Judge {
  return {
    bounds: boundsOf(input),
    step: Math.max(1, Math.floor(input.slotMin) || 15),
    staff: input.staff.map((staff) => ({
      id: staff.id,
      load: staff.bookings.length,
      closed: staff.timeOff,
      windows: windowsOf(input, staff),
      busy: busyOf(input, staff),
    })),
  };
}

function judgeOne(judge: Judge, staff: Judge['staff'][number], start: number, duration: number): Refusal | null {
  const { bounds } = judge;
  if (bounds.closedReason) return bounds.closedReason;
  if (start < bounds.nowMinute) return 'past';
  if (start < bounds.earliest) return 'lead_time';
  if (staff.closed) return 'closed';
  if (start % judge.step !== 0 || start < 0 || start >= DAY) return 'off_grid';
  if (bounds.gap && start >= bounds.gap.start && start < bounds.gap.end) return 'off_grid';
  const end = start + duration;
  if (!staff.windows.some((window) => window.start <= start && end <= window.end)) return 'outside_hours';
  if (staff.busy.some((busy) => start < busy.end && end > busy.start)) return 'taken';
  return null;
}

/** Of the staff free at a start, the least booked that day (ties: lowest id) takes it. */
function pick(free: Judge['staff']): number {
  let best = free[0]!;
  for (const staff of free) {
    if (staff.load < best.load || (staff.load === best.load && staff.id < best.id)) best = staff;
  }
  return best.id;
}

/**
 * Every start the candidates can take on the date, ascending, one slot per start: with one
 * candidate (a chosen staff member) theirs; with several, the least booked free one's.
 */
export function availableSlots(input: DayInput): Slot[] {
  const judge = prepare(input);
  if (judge.bounds.closedReason || input.durationMin <= 0) return [];
  const slots: Slot[] = [];
  for (let start = 0; start < DAY; start += judge.step) {
    const free = judge.staff.filter((staff) => judgeOne(judge, staff, start, input.durationMin) === null);
    if (free.length === 0) continue;
    slots.push({
      start_at: wallClock(input.date, start),
      end_at: wallClock(input.date, start + input.durationMin),
      staff_id: pick(free),
    });
  }
  return slots;
}

/**
 * Whether a public booking may start at `startAt` (on `input.date`), and with whom: exactly
 * when availableSlots offers that start. Otherwise the reason, the most specific one among
 * the candidates ("taken" when someone works then but is booked).
 */
export function judgeStart(input: DayInput, startAt: string): Verdict {
  const judge = prepare(input);
  const start = minutesFrom(input.date, startAt);
  if (startAt.slice(17, 19) !== '00') return { ok: false, reason: 'off_grid' };
  const reasons = new Set<Refusal>();
  const free: Judge['staff'] = [];
  for (const staff of judge.staff) {
    const reason = judgeOne(judge, staff, start, input.durationMin);
    if (reason === null) free.push(staff);
    else reasons.add(reason);
  }
  if (free.length > 0) return { ok: true, staffId: pick(free) };
  const reason = REASON_ORDER.find((candidate) => reasons.has(candidate)) ?? judge.bounds.closedReason ?? 'closed';
  return { ok: false, reason };
}

/** The end of a booking starting at `startAt` (wall clock), `durationMin` later. */
export function endOf(startAt: string, durationMin: number): string {
  const date = startAt.slice(0, 10);
  const minutes = minutesFrom(date, startAt) + durationMin;
  const days = Math.floor(minutes / DAY);
  const day = DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toFormat('yyyy-MM-dd');
  return wallClock(day, minutes - days * DAY);
}

/**
 * The desk's working-time rules for one staff member's range [startAt, endAt) (wall clock):
 * `past` (starts before now), `closed` (holiday, closed weekday, the member's time off),
 * `outside_hours` (not inside one working window of theirs). The first that applies and is not
 * in `ignore`, else null. When the salon has no opening hours for that weekday and the member
 * no shift that date, their working time is unknown and `outside_hours` does not apply.
 * Overlaps are the caller's: the desk checks them against the database under its locks.
 */
export function judgeRange(
  input: DayInput,
  staffId: number,
  startAt: string,
  endAt: string,
  ignore: Refusal[],
): Refusal | null {
  const skip = new Set(ignore);
  const start = minutesFrom(input.date, startAt);
  const end = minutesFrom(input.date, endAt);
  const now = DateTime.fromJSDate(input.now).setZone(input.timezone).toFormat('yyyy-MM-dd HH:mm:ss');
  if (!skip.has('past') && startAt < now) return 'past';
  const member = input.staff.find((candidate) => candidate.id === staffId);
  const closed = input.holiday || input.openingHours?.is_closed === 1 || member?.timeOff === true;
  if (!skip.has('closed') && closed) return 'closed';
  if (skip.has('outside_hours')) return null;
  const known = member && (member.shifts.length > 0 || member.defaultShifts.length > 0);
  if (!known && !(input.openingHours?.open_time && input.openingHours.close_time)) {
    // The member has no shifts and the salon has no hours that day: nothing to judge by,
    // unless the day is closed (already refused above when not ignored).
    return closed ? 'outside_hours' : null;
  }
  const windows = windowsOf(
    input,
    member ?? { id: staffId, shifts: [], defaultShifts: [], timeOff: false, bookings: [] },
  );
  return closed || !windows.some((window) => window.start <= start && end <= window.end) ? 'outside_hours' : null;
}
