import { addDays, dayNumber, formatDate, instantOfLocal, zoneOffset } from '../../lib/time.js';
import { compareChoices, orderIsFixed, type AnyoneRule } from './anyone-rule.js';
import { workingWindows, type TimeRange } from './working-time.js';

export type { TimeRange };

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
 *   taken                 a busy part of the new booking comes within calendar_buffer_min of a
 *                         busy part of another non-cancelled booking of the member. A booking
 *                         with processing time is busy before and after its processing window
 *                         only: the member may serve someone else while the colour develops.
 *   resource full         a resource the service needs (a basin, a room) would have `capacity`
 *                         holders at some instant of [start, end)
 * Candidates are the members who perform the service (each with their own duration); with
 * `hideUnscheduled`, only those with a dated or default shift that date. Of several free
 * candidates, `anyoneRule` chooses (anyone-rule.ts).
 */

export interface StaffDay {
  id: number;
  /** Dated shifts on this date. */
  shifts: TimeRange[];
  /** Default shifts of this weekday; used only when there are no dated shifts. */
  defaultShifts: TimeRange[];
  /** A time-off entry covers this date. */
  timeOff: boolean;
  /** Non-cancelled bookings touching this date (wall clock, `YYYY-MM-DD HH:MM:SS`). */
  bookings: BookedRange[];
  /** This member's duration of the service (with any new-client extra); absent: the input's. */
  durationMin?: number | undefined;
  /** The service's processing window with this member (minutes from the start), or none. */
  processing?: Processing | null | undefined;
  /** Booked minutes in the week of this date (the anyone rule); absent: 0. */
  weekMinutes?: number | undefined;
  /** Id of the member's most recently made booking (the anyone rule's rotation); absent: 0. */
  latestBookingId?: number | undefined;
}

export interface BookedRange {
  start_at: string;
  end_at: string;
  /** The member is free inside [processing_start_at, processing_end_at) when both are set. */
  processing_start_at?: string | null | undefined;
  processing_end_at?: string | null | undefined;
}

export interface Processing {
  startMin: number;
  endMin: number;
}

/** A resource a service needs, with the non-cancelled bookings holding it around the date. */
export interface ResourceDay {
  id: number;
  capacity: number;
  holds: Array<{ start_at: string; end_at: string }>;
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
  /** The candidates: the chosen staff member, or every member performing the service. */
  staff: StaffDay[];
  /** The resources the service needs (every one must have room for the whole booking). */
  resources?: ResourceDay[] | undefined;
  /** `hide_unscheduled_staff`: a member without a dated or default shift that date is no candidate. */
  hideUnscheduled?: boolean | undefined;
  /** Who of several free candidates takes the start; absent: fewest_minutes_week. */
  anyoneRule?: AnyoneRule | undefined;
}

export interface Slot {
  start_at: string;
  end_at: string;
  staff_id: number;
}

export type Refusal =
  'past' | 'lead_time' | 'too_far' | 'closed' | 'off_grid' | 'outside_hours' | 'taken' | 'resource_full';

export type Verdict = { ok: true; staffId: number } | { ok: false; reason: Refusal };

export const DAY = 1440;
/** When several reasons apply to the candidates, the one named is the first of these. */
export const REASON_ORDER: Refusal[] = [
  'resource_full',
  'taken',
  'outside_hours',
  'off_grid',
  'closed',
  'too_far',
  'lead_time',
  'past',
];

export interface Interval {
  start: number;
  end: number;
}

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** A wall-clock datetime as minutes from `date`'s midnight (negative the day before). */
export function minutesFrom(date: string, dateTime: string): number {
  // Nearly every booking is on the date itself: no calendar arithmetic for those.
  const days = dateTime.startsWith(date) ? 0 : dayNumber(dateTime.slice(0, 10)) - dayNumber(date);
  return days * DAY + Number(dateTime.slice(11, 13)) * 60 + Number(dateTime.slice(14, 16));
}

/** Minutes from `date`'s midnight as a wall-clock datetime, the next day(s) included. */
export function wallClock(date: string, minutes: number): string {
  const days = Math.floor(minutes / DAY);
  const day = addDays(date, days);
  const rest = minutes - days * DAY;
  const h = Math.floor(rest / 60);
  const m = rest % 60;
  return `${day} ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
}

/** The parts of [start, end) in which the member works: all of it but the processing window. */
export function busyParts(start: number, end: number, processing: Interval | null): Interval[] {
  if (!processing || processing.start >= processing.end) return [{ start, end }];
  return [
    { start, end: processing.start },
    { start: processing.end, end },
  ].filter((part) => part.end > part.start);
}

function intersects(a: Interval[], b: Interval[]): boolean {
  return a.some((x) => b.some((y) => x.start < y.end && x.end > y.start));
}

/** Whether `holds` plus one more holder over [start, end) would exceed `capacity` at some instant. */
export function overCapacity(holds: Interval[], capacity: number, start: number, end: number): boolean {
  const inside = holds.filter((hold) => hold.start < end && hold.end > start);
  if (inside.length < capacity) return false;
  // Ends sort before starts at the same minute: back-to-back holders never overlap.
  const events = inside.flatMap((hold) => [
    [Math.max(hold.start, start), 1],
    [Math.min(hold.end, end), -1],
  ]);
  events.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let holders = 0;
  for (const [, change] of events) {
    holders += change!;
    if (holders >= capacity) return true;
  }
  return false;
}

interface Bounds {
  /** Reasons that refuse the whole date, for everyone, most decisive first. */
  dateReasons: Refusal[];
  /** Starts before this minute are refused (lead time), and before `nowMinute` as past. */
  earliest: number;
  nowMinute: number;
  /** Minutes of the date that do not exist on the wall clock (the DST gap). */
  gap: Interval | null;
}

type DayRules = Omit<DayInput, 'durationMin' | 'staff' | 'resources' | 'anyoneRule'>;

/** The zone's wall clock at `ms`: its date and the minute of that day, rounded up. */
function wallClockAt(ms: number, timezone: string): { date: string; minute: number } {
  const text = formatDate(new Date(ms), timezone);
  // Rounded up to the minute: a start at 14:00 is not "at or after" 14:00:30.
  const partial = text.slice(17, 19) !== '00' || ms % 1000 !== 0 ? 1 : 0;
  return { date: text.slice(0, 10), minute: Number(text.slice(11, 13)) * 60 + Number(text.slice(14, 16)) + partial };
}

function boundsOf(input: DayRules): Bounds {
  const now = wallClockAt(input.now.getTime(), input.timezone);
  const today = now.date;
  const earliestAt = wallClockAt(input.now.getTime() + input.minLeadHours * 3_600_000, input.timezone);
  const earliestDate = earliestAt.date;
  const earliestMinute = earliestAt.minute;
  const nowMinute = now.minute;

  const dateReasons: Refusal[] = [];
  if (input.date < today) dateReasons.push('past');
  else if (input.date < earliestDate) dateReasons.push('lead_time');
  else if (dayNumber(input.date) - dayNumber(today) > input.maxFutureDays) dateReasons.push('too_far');
  if (input.holiday || input.openingHours?.is_closed === 1) dateReasons.push('closed');

  return {
    dateReasons,
    earliest: input.date === earliestDate ? earliestMinute : input.date < earliestDate ? Infinity : -Infinity,
    nowMinute: input.date === today ? nowMinute : input.date < today ? Infinity : -Infinity,
    gap: dstGap(input.date, input.timezone),
  };
}

/** The skipped wall-clock minutes when the zone springs forward on `date`, else null. */
export function dstGap(date: string, timezone: string): Interval | null {
  const localMidnight = dayNumber(date) * 86_400_000;
  const midnight = instantOfLocal(localMidnight, timezone);
  const endOfDay = instantOfLocal(localMidnight + (DAY - 1) * 60_000, timezone);
  const before = zoneOffset(midnight, timezone);
  const jump = zoneOffset(endOfDay, timezone) - before;
  if (!(jump > 0)) return null;
  // The instant the clock jumps: the last millisecond still on the midnight's offset, plus one.
  let low = midnight;
  let high = endOfDay;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (zoneOffset(middle, timezone) === before) low = middle;
    else high = middle;
  }
  // The first wall-clock minute that does not exist: the jump's wall clock, rounded up.
  const start = Math.ceil((high + before * 60_000 - localMidnight) / 60_000);
  return { start, end: start + jump };
}

function windowsOf(input: DayRules, staff: StaffDay): Interval[] {
  return workingWindows(staff, input.openingHours).map((range) => ({
    start: minutesOf(range.start_time),
    end: minutesOf(range.end_time),
  }));
}

/** The member's busy parts of their bookings, widened by the buffer on both sides. */
function busyOf(input: DayRules, staff: StaffDay): Interval[] {
  return staff.bookings.flatMap((booking) => {
    const processing =
      booking.processing_start_at && booking.processing_end_at
        ? {
            start: minutesFrom(input.date, booking.processing_start_at),
            end: minutesFrom(input.date, booking.processing_end_at),
          }
        : null;
    return busyParts(
      minutesFrom(input.date, booking.start_at),
      minutesFrom(input.date, booking.end_at),
      processing,
    ).map((part) => ({ start: part.start - input.bufferMin, end: part.end + input.bufferMin }));
  });
}

export interface Member {
  id: number;
  weekMinutes: number;
  latestBookingId: number;
  /** The member's bookings as minutes from the date's midnight (the smallest-gap rule). */
  booked: Interval[];
  closed: boolean;
  windows: Interval[];
  busy: Interval[];
}

export interface Judge {
  bounds: Bounds;
  step: number;
  members: Map<number, Member>;
  resources: Map<number, { capacity: number; holds: Interval[] }>;
  rule: AnyoneRule;
}

/** The rules of the date and every member's working time and busy time, computed once. */
export function prepare(
  input: DayRules & { staff: StaffDay[]; resources?: ResourceDay[] | undefined; anyoneRule?: AnyoneRule | undefined },
): Judge {
  const scheduled = (staff: StaffDay) => staff.shifts.length > 0 || staff.defaultShifts.length > 0;
  return {
    bounds: boundsOf(input),
    step: Math.max(1, Math.floor(input.slotMin) || 15),
    members: new Map(
      input.staff
        .filter((staff) => !input.hideUnscheduled || scheduled(staff))
        .map((staff) => [
          staff.id,
          {
            id: staff.id,
            weekMinutes: staff.weekMinutes ?? 0,
            latestBookingId: staff.latestBookingId ?? 0,
            booked: staff.bookings.map((booking) => ({
              start: minutesFrom(input.date, booking.start_at),
              end: minutesFrom(input.date, booking.end_at),
            })),
            closed: staff.timeOff,
            windows: windowsOf(input, staff),
            busy: busyOf(input, staff),
          },
        ]),
    ),
    resources: new Map(
      (input.resources ?? []).map((resource) => [
        resource.id,
        {
          capacity: resource.capacity,
          holds: resource.holds.map((hold) => ({
            start: minutesFrom(input.date, hold.start_at),
            end: minutesFrom(input.date, hold.end_at),
          })),
        },
      ]),
    ),
    rule: input.anyoneRule ?? 'fewest_minutes_week',
  };
}

/** Why nobody may start at `start` on this date (past, lead time, too far, closed, off grid), or null. */
export function startReason(judge: Judge, start: number, skip: ReadonlySet<Refusal>): Refusal | null {
  const { bounds } = judge;
  const dateReason = bounds.dateReasons.find((reason) => !skip.has(reason));
  if (dateReason) return dateReason;
  if (start < bounds.nowMinute && !skip.has('past')) return 'past';
  if (start < bounds.earliest && !skip.has('lead_time')) return 'lead_time';
  if (start < 0 || start >= DAY) return 'off_grid';
  if (!skip.has('off_grid')) {
    if (start % judge.step !== 0) return 'off_grid';
    if (bounds.gap && start >= bounds.gap.start && start < bounds.gap.end) return 'off_grid';
  }
  return null;
}

/** One piece of work: a member doing a service over [start, end) with its processing window. */
export interface Work {
  start: number;
  end: number;
  /** Absolute minutes, or null. */
  processing: Interval | null;
  resourceIds: readonly number[];
}

/**
 * Why `member` may not do `work`, or null. `ownBusy` and `ownHolds` are what the same visit
 * already placed: the member's busy parts and the resources held (no buffer inside one visit).
 */
export function memberReason(
  judge: Judge,
  member: Member,
  work: Work,
  skip: ReadonlySet<Refusal>,
  ownBusy: Interval[] = [],
  ownHolds: Map<number, Interval[]> = new Map(),
): Refusal | null {
  if (member.closed && !skip.has('closed')) return 'closed';
  if (
    !skip.has('outside_hours') &&
    !member.windows.some((window) => window.start <= work.start && work.end <= window.end)
  ) {
    return 'outside_hours';
  }
  if (work.processing === null && ownBusy.length === 0) {
    // The common case, kept free of allocations: the slot loop calls this for every member at every start.
    for (const busy of member.busy) if (work.start < busy.end && work.end > busy.start) return 'taken';
  } else {
    const busy = busyParts(work.start, work.end, work.processing);
    if (intersects(busy, member.busy) || intersects(busy, ownBusy)) return 'taken';
  }
  for (const id of work.resourceIds) {
    const resource = judge.resources.get(id);
    if (!resource) continue;
    const holds = [...resource.holds, ...(ownHolds.get(id) ?? [])];
    if (overCapacity(holds, resource.capacity, work.start, work.end)) return 'resource_full';
  }
  return null;
}

/** Of two members free to do their work, which the salon's anyone rule prefers (negative: `a`). */
export function byPreference(
  judge: Judge,
  a: { member: Member; work: Work },
  b: { member: Member; work: Work },
): number {
  return compareChoices(judge.rule, a, b);
}

export function firstReason(reasons: ReadonlySet<Refusal>, fallback: Refusal = 'closed'): Refusal {
  return REASON_ORDER.find((candidate) => reasons.has(candidate)) ?? fallback;
}

/** The candidates with what each takes, most preferred first: computed once per input. */
function candidatesOf(input: DayInput, judge: Judge) {
  const resourceIds = (input.resources ?? []).map((resource) => resource.id);
  return input.staff
    .flatMap((staff) => {
      const member = judge.members.get(staff.id);
      const durationMin = staff.durationMin ?? input.durationMin;
      return member && durationMin > 0 ? [{ member, durationMin, processing: staff.processing ?? null }] : [];
    })
    .sort((a, b) => byPreference(judge, { member: a.member, work: NOWHERE }, { member: b.member, work: NOWHERE }))
    .map((candidate) => ({ ...candidate, resourceIds }));
}

/** The work of a comparison whose rule does not weigh the time (orderIsFixed). */
const NOWHERE: Work = { start: 0, end: 0, processing: null, resourceIds: [] };

type Candidate = ReturnType<typeof candidatesOf>[number];

function workOf(candidate: Candidate, start: number): Work {
  const { processing } = candidate;
  return {
    start,
    end: start + candidate.durationMin,
    processing: processing ? { start: start + processing.startMin, end: start + processing.endMin } : null,
    resourceIds: candidate.resourceIds,
  };
}

const NONE: ReadonlySet<Refusal> = new Set();

/** The candidate the anyone rule prefers of those free at `start`, or the reasons of all. */
function firstFree(
  judge: Judge,
  candidates: Candidate[],
  start: number,
): { member: Member; work: Work } | { reasons: Set<Refusal> } {
  const reason = startReason(judge, start, NONE);
  if (reason) return { reasons: new Set([reason]) };
  const reasons = new Set<Refusal>();
  // A fixed order was sorted once: its first free member wins. Otherwise every free one is weighed.
  const fixed = orderIsFixed(judge.rule);
  let best: { member: Member; work: Work } | null = null;
  for (const candidate of candidates) {
    const work = workOf(candidate, start);
    const why = memberReason(judge, candidate.member, work, NONE);
    if (why !== null) {
      reasons.add(why);
      continue;
    }
    const choice = { member: candidate.member, work };
    if (fixed) return choice;
    if (best === null || byPreference(judge, choice, best) < 0) best = choice;
  }
  return best ?? { reasons };
}

/**
 * Every start the candidates can take on the date, ascending, one slot per start: with one
 * candidate (a chosen staff member) theirs; with several, the one the anyone rule prefers, ending
 * after that member's duration.
 */
export function availableSlots(input: DayInput): Slot[] {
  const judge = prepare(input);
  if (judge.bounds.dateReasons.length > 0) return [];
  const candidates = candidatesOf(input, judge);
  const slots: Slot[] = [];
  for (let start = 0; start < DAY; start += judge.step) {
    const chosen = firstFree(judge, candidates, start);
    if (!('member' in chosen)) continue;
    slots.push({
      start_at: wallClock(input.date, start),
      end_at: wallClock(input.date, chosen.work.end),
      staff_id: chosen.member.id,
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
  if (startAt.slice(17, 19) !== '00') return { ok: false, reason: 'off_grid' };
  const judge = prepare(input);
  const chosen = firstFree(judge, candidatesOf(input, judge), minutesFrom(input.date, startAt));
  if ('member' in chosen) return { ok: true, staffId: chosen.member.id };
  return { ok: false, reason: firstReason(chosen.reasons, judge.bounds.dateReasons[0] ?? 'closed') };
}

/** The end of a booking starting at `startAt` (wall clock), `durationMin` later. */
export function endOf(startAt: string, durationMin: number): string {
  const date = startAt.slice(0, 10);
  return wallClock(date, minutesFrom(date, startAt) + durationMin);
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
  const now = formatDate(input.now, input.timezone);
  if (!skip.has('past') && startAt < now) return 'past';
  const member = input.staff.find((candidate) => candidate.id === staffId);
  const closed = input.holiday || input.openingHours?.is_closed === 1 || member?.timeOff === true;
  if (!skip.has('closed') && closed) return 'closed';
  if (skip.has('outside_hours')) return null;
  const known = member && (member.shifts.length > 0 || member.defaultShifts.length > 0);
  if (!known && !(input.openingHours?.open_time && input.openingHours.close_time)) {
    // The member has no shifts and the salon has no hours that day: nothing to judge by,
    // unless the day is closed (a closed day counts as outside working time).
    return closed ? 'outside_hours' : null;
  }
  const windows = windowsOf(
    input,
    member ?? { id: staffId, shifts: [], defaultShifts: [], timeOff: false, bookings: [] },
  );
  return closed || !windows.some((window) => window.start <= start && end <= window.end) ? 'outside_hours' : null;
}
