/*
 * Who takes a booking made for "anyone" (no staff member named), among the members free at that
 * time: the setting `booking_anyone_rule`. One comparison serves the slots offered, the verdict
 * on a requested start, and every part of a visit, so the member the page shows is the member
 * the booking gets.
 *   fewest_minutes_week  the fewest booked minutes in the Monday-to-Sunday week of that day,
 *                        then the member whose latest booking was made longest ago (a
 *                        rotation: on a week of quiet days the first bookings go round the
 *                        team instead of all to the same member), then the lowest id
 *   smallest_gap         the member whose nearest other booking that day is closest to the new
 *                        one (the agendas stay tight, free time stays in long blocks); a member
 *                        without bookings that day comes last; ties as fewest_minutes_week
 *   salon_order          the first free member in the salon's staff list (the order the members
 *                        were added, lowest id first)
 * Pure, like the engine: the loader gives each member's week and latest booking.
 */

export const ANYONE_RULE_NAMES = ['fewest_minutes_week', 'smallest_gap', 'salon_order'] as const;
export type AnyoneRule = (typeof ANYONE_RULE_NAMES)[number];
export const DEFAULT_ANYONE_RULE: AnyoneRule = 'fewest_minutes_week';

/** The stored setting as a rule; anything else reads as the default. */
export function anyoneRuleOf(stored: string | null | undefined): AnyoneRule {
  return (ANYONE_RULE_NAMES as readonly string[]).includes(stored ?? '') ? (stored as AnyoneRule) : DEFAULT_ANYONE_RULE;
}

/** What the rules weigh of one member. */
export interface Standing {
  id: number;
  /** Minutes of their non-cancelled bookings starting in the week of the date. */
  weekMinutes: number;
  /** The id of their most recently made non-cancelled booking (ids grow with time), 0 without one. */
  latestBookingId: number;
  /** Their non-cancelled bookings as minutes from the date's midnight. */
  booked: ReadonlyArray<{ start: number; end: number }>;
}

/** One member doing one piece of work over [start, end). */
export interface Choice {
  member: Standing;
  work: { start: number; end: number };
}

/** Farther than any gap inside a day: a member with no other booking that day. */
const NO_NEIGHBOUR = 1_000_000;

/** Minutes between the work and the nearest of the member's bookings (0 when they touch). */
export function gapOf(choice: Choice): number {
  let gap = NO_NEIGHBOUR;
  for (const booked of choice.member.booked) {
    const distance =
      booked.end <= choice.work.start
        ? choice.work.start - booked.end
        : booked.start >= choice.work.end
          ? booked.start - choice.work.end
          : 0;
    if (distance < gap) gap = distance;
  }
  return gap;
}

function byWeek(a: Standing, b: Standing): number {
  return a.weekMinutes - b.weekMinutes || a.latestBookingId - b.latestBookingId || a.id - b.id;
}

/** Negative when `a` is to be preferred to `b` under `rule`. */
export function compareChoices(rule: AnyoneRule, a: Choice, b: Choice): number {
  if (rule === 'salon_order') return a.member.id - b.member.id;
  if (rule === 'smallest_gap') {
    const difference = gapOf(a) - gapOf(b);
    if (difference !== 0) return difference;
  }
  return byWeek(a.member, b.member);
}

/** Whether the rule's order of the members is the same at every start (it can be sorted once). */
export function orderIsFixed(rule: AnyoneRule): boolean {
  return rule !== 'smallest_gap';
}
