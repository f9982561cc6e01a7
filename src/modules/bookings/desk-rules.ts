import type { Executor } from '../../db/executor.js';
import { badRequest, type AppError, type FieldError } from '../../lib/errors.js';
import { outsideWorkingTime } from './working-time-check.js';
import type { Assignment } from './assignment.js';
import { localNow, minutesBetween } from './wall-clock.js';

/*
 * The desk's booking rules: what a receptionist is warned about and may knowingly break with
 * `override: true` (a regular squeezed in after closing, a booking entered after the fact, a
 * short touch-up). Without override the first broken rule is the error code, and every broken
 * one is listed in `details`; with it the broken rules are recorded on the booking.
 *
 * Never overridable, and not here: a holiday (400 `holiday`), another booking of the member
 * (409 `booking_overlap`), a resource in full use (409 `resource_unavailable`).
 */

export type DeskRule =
  'staff_not_bookable' | 'service_not_performed' | 'in_the_past' | 'outside_working_time' | 'shorter_than_service';

/** The order rules are named in when several are broken. */
export const DESK_RULES: readonly DeskRule[] = [
  'staff_not_bookable',
  'service_not_performed',
  'in_the_past',
  'outside_working_time',
  'shorter_than_service',
];

const RULE_TEXT: Record<DeskRule, FieldError> = {
  staff_not_bookable: { field: 'staff_id', message: 'staff_not_bookable: this staff member takes no appointments' },
  service_not_performed: {
    field: 'service_id',
    message: 'service_not_performed: this staff member does not perform this service',
  },
  in_the_past: { field: 'start_at', message: 'in_the_past: starts before now' },
  outside_working_time: {
    field: 'start_at',
    message: "outside_working_time: not within the staff member's working time that day",
  },
  shorter_than_service: {
    field: 'end_at',
    message: "shorter_than_service: shorter than the staff member's duration of the service",
  },
};

export interface DeskPlacement {
  staffId: number;
  serviceId: number;
  startAt: string;
  endAt: string;
  assignment: Assignment;
  serviceActive: boolean;
  timezone: string;
  now: Date;
  /**
   * Whether the start is being set now. A change that keeps the start (the end of a running
   * appointment moved, its staff member corrected) is not refused as in the past.
   */
  startSet: boolean;
}

/** The desk rules the placement breaks, in DESK_RULES order. */
export async function brokenDeskRules(executor: Executor, placement: DeskPlacement): Promise<DeskRule[]> {
  const { assignment } = placement;
  const broken = new Set<DeskRule>();
  if (!assignment.bookable) broken.add('staff_not_bookable');
  if (!assignment.performs) broken.add('service_not_performed');
  if (placement.startSet && placement.startAt < localNow(placement.timezone, placement.now)) broken.add('in_the_past');
  // An archived service cannot be loaded for a day any more; its existing bookings move
  // without the working-time verdict.
  if (placement.serviceActive && (await outsideWorkingTime(executor, placement))) broken.add('outside_working_time');
  if (minutesBetween(placement.startAt, placement.endAt) < assignment.durationMin) broken.add('shorter_than_service');
  return DESK_RULES.filter((rule) => broken.has(rule));
}

/**
 * The rules the booking records as overridden: none broken, none; broken without override,
 * 400 named after the first, every broken rule in `details`.
 */
export function overrideOrRefuse(broken: readonly DeskRule[], override: boolean): DeskRule[] {
  if (broken.length === 0 || override) return [...broken];
  const first = broken[0]!;
  throw badRequest(
    first,
    `${RULE_TEXT[first].message.replace(/^[a-z_]+: /, '')}; send override: true to book anyway`,
    broken.map((rule) => RULE_TEXT[rule]),
  );
}

/**
 * Every desk rule a refusal of overrideOrRefuse names (its code is the first; its details list
 * them all, each message led by the rule); none for any other refusal, which no override lifts.
 */
export function deskRulesOf(error: AppError): DeskRule[] {
  if (!(DESK_RULES as readonly string[]).includes(error.code)) return [];
  return DESK_RULES.filter((rule) => (error.details ?? []).some((detail) => detail.message.startsWith(`${rule}:`)));
}

/** Stored comma-separated; the API shows an array. */
export function storedRules(rules: readonly string[]): string {
  return rules.join(',');
}

export function rulesOf(stored: string): string[] {
  return stored === '' ? [] : stored.split(',');
}
