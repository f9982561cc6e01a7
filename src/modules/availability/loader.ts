import type { Executor } from '../../db/executor.js';
import { listOf, listValues, prepared, preparedByShape } from '../../db/prepared.js';
import { badRequest } from '../../lib/errors.js';
import { DEFAULT_TIMEZONE, addDays, weekdayOfDate } from '../../lib/time.js';
import { performersOf, processingWindow, type Performance } from '../services/service.js';
import { anyoneRuleOf } from './anyone-rule.js';
import type { DayInput, ResourceDay, StaffDay } from './engine.js';
import { loadStanding } from './standing.js';
import type { VisitInput } from './visit-engine.js';

/*
 * Everything the engine needs for one date, in a fixed number of indexed queries whatever
 * the number of staff, services or bookings (one per kind of data, for all candidates at once):
 *   settings + that weekday's opening hours + holiday   settings (pk), opening_hours (pk), holidays (unique date)
 *   the services                                        services (pk)
 *   who performs them, with their durations             performersOf (users, staff_services, service_resources)
 *   the members                                         users (pk, or the active ones)
 *   dated shifts / default shifts / time off            shifts_date, default_shifts_staff_day, time_off_dates
 *   the resources the services need                     service_resources (pk) + resources (pk)
 *   then, needing the ids above:
 *   bookings                                            bookings_staff_start_cover (staff_id, start_at, end_at, status, processing_*)
 *   resources held                                      booking_resources_use (resource_id, start_at, end_at)
 *   a previous visit (new_client_extra_min)             bookings_client (client_id, start_at)
 *   with several candidates, the anyone rule's weights  standing.ts (the week's bookings, the latest booking)
 * Outside a transaction the independent queries run side by side (PostgreSQL's pool).
 */

export interface DayRequest {
  date: string;
  serviceId: number;
  /** One chosen staff member; absent: every member performing the service is a candidate. */
  staffId?: number | undefined;
  /**
   * The booking client when known. Unknown (an anonymous visitor) counts as new: their
   * slots are the longer ones, so every slot offered fits whoever books it.
   */
  clientId?: number | null | undefined;
  /**
   * The desk: the chosen member is loaded even when not bookable or not performing the service
   * (with the service's own duration), and hide_unscheduled_staff does not apply; the desk's
   * own rules judge those.
   */
  anyMember?: boolean | undefined;
  /** Bookings that do not count as busy (the ones being moved). */
  excludeBookingIds?: readonly number[] | undefined;
}

export interface LoadedDay {
  input: DayInput;
  service: { id: number; name: string; duration_min: number; price: number };
  staff: Array<{ id: number; name: string }>;
  /** `booking_allow_staff_choice`: whether a client may name the staff member. */
  staffChoice: boolean;
}

export interface VisitRequest {
  date: string;
  /** In order; each part starts when the previous one ends. */
  parts: Array<{ serviceId: number; staffId?: number | undefined }>;
  clientId?: number | null | undefined;
  anyMember?: boolean | undefined;
  excludeBookingIds?: readonly number[] | undefined;
}

export interface LoadedVisit {
  input: VisitInput;
  services: Array<{ id: number; name: string; duration_min: number; price: number }>;
  staff: Array<{ id: number; name: string }>;
  staffChoice: boolean;
}

const unknownService = (field = 'service_id') =>
  badRequest('unknown_service', 'No bookable service has this id', [{ field, message: 'is not an existing service' }]);

const unknownStaff = (field = 'staff_id') =>
  badRequest('unknown_staff', 'No bookable staff member has this id', [
    { field, message: 'is not an active, bookable staff member' },
  ]);

const serviceNotPerformed = (field = 'staff_id') =>
  badRequest('service_not_performed', 'This staff member does not perform this service', [
    { field, message: 'does not perform the service asked for' },
  ]);

function previousDay(date: string): string {
  return addDays(date, -1);
}

function nextDay(date: string): string {
  return addDays(date, 1);
}

/** 0 = Sunday … 6 = Saturday, as opening hours and default shifts count. */
export function weekdayOf(date: string): number {
  return weekdayOfDate(date);
}

interface BaseRequest {
  date: string;
  serviceIds: number[];
  /** Only these members; absent: every active one. */
  staffIds?: number[] | undefined;
  clientId?: number | null | undefined;
  excludeBookingIds?: readonly number[] | undefined;
}

type ServiceRow = {
  id: number;
  name: string;
  duration_min: number;
  price: number;
  processing_after_min: number;
  processing_min: number;
};

/*
 * The date's rules and, for every member (no `staffIds`), their shifts and time off: the same
 * queries on every availability request, compiled once. A list of chosen members is built per
 * request (its length varies).
 */
const dayRules = prepared((db, p: { weekday: number; date: string }) =>
  db
    .selectFrom('settings')
    .leftJoin('opening_hours', (join) => join.on('opening_hours.day_of_week', '=', p.weekday))
    .select((eb) => [
      'settings.timezone',
      'settings.calendar_slot_min',
      'settings.calendar_buffer_min',
      'settings.booking_min_lead_hours',
      'settings.booking_max_future_days',
      'settings.new_client_extra_min',
      'settings.booking_allow_staff_choice',
      'settings.hide_unscheduled_staff',
      'settings.booking_anyone_rule',
      'opening_hours.open_time',
      'opening_hours.close_time',
      'opening_hours.is_closed',
      eb.exists(eb.selectFrom('holidays').select('id').where('holidays.date', '=', p.date)).as('holiday'),
    ])
    .where('settings.id', '=', 1),
);
const noSettingsRow = (): never => {
  throw new Error('the settings row (id 1) is missing');
};
const membersQuery = (db: Executor) =>
  db.selectFrom('users').select(['id', 'name', 'bookable']).where('active', '=', 1);
const activeMembers = prepared((db) => membersQuery(db).orderBy('id'));
const shiftsQuery = (db: Executor, date: string) =>
  db.selectFrom('shifts').select(['staff_id', 'start_time', 'end_time']).where('date', '=', date);
const shiftsOfDate = prepared((db, p: { date: string }) => shiftsQuery(db, p.date));
const defaultShiftsQuery = (db: Executor, weekday: number) =>
  db.selectFrom('default_shifts').select(['staff_id', 'start_time', 'end_time']).where('day_of_week', '=', weekday);
const defaultShiftsOfWeekday = prepared((db, p: { weekday: number }) => defaultShiftsQuery(db, p.weekday));
const timeOffQuery = (db: Executor, date: string) =>
  db.selectFrom('time_off').select('staff_id').where('start_date', '<=', date).where('end_date', '>=', date);
const timeOffOfDate = prepared((db, p: { date: string }) => timeOffQuery(db, p.date));

/** The members' non-cancelled bookings that start in [from, to) and end after `dayStart`. */
const bookingsQuery = (db: Executor, staffIds: readonly number[], from: string, to: string, dayStart: string) =>
  db
    .selectFrom('bookings')
    .select(['staff_id', 'start_at', 'end_at', 'processing_start_at', 'processing_end_at'])
    .where('staff_id', 'in', staffIds)
    .where('start_at', '>=', from)
    .where('start_at', '<', to)
    .where('end_at', '>', dayStart)
    .where('status', '<>', 'cancelled');
/** The same, prepared once per number of members (one list length per service, in practice). */
const bookingsOfDay = preparedByShape((db, p: Record<string, string | number>, members: number) =>
  bookingsQuery(db, listOf<number>(p, 'staff', members), p.from as string, p.to as string, p.dayStart as string),
);

/** The date's data for some services and members; `days` is filled for the members in `busyOf`. */
async function loadBase(executor: Executor, request: BaseRequest, inTransaction: boolean) {
  const { date } = request;
  const weekday = weekdayOf(date);
  // In a transaction the queries share one connection and run one after another anyway.
  const all = async <T extends readonly unknown[]>(tasks: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> => {
    if (!inTransaction) return Promise.all(tasks.map((task) => task())) as unknown as Promise<T>;
    const out: unknown[] = [];
    for (const task of tasks) out.push(await task());
    return out as unknown as T;
  };
  const staffIds = request.staffIds;
  const serviceIds = [...new Set(request.serviceIds)];

  const [settings, services, performers, members, shifts, defaults, timeOff, needs, visited] = await all([
    () => dayRules.first(executor, { weekday, date }).then((row) => row ?? noSettingsRow()),
    (): Promise<ServiceRow[]> =>
      executor
        .selectFrom('services')
        .select(['id', 'name', 'duration_min', 'price', 'processing_after_min', 'processing_min'])
        .where('id', 'in', serviceIds)
        .where('active', '=', 1)
        .execute(),
    () => performersOf(executor, { serviceIds, staffIds }),
    () => {
      if (staffIds === undefined) return activeMembers.all(executor, {});
      return membersQuery(executor).where('id', 'in', staffIds).orderBy('id').execute();
    },
    () => {
      if (staffIds === undefined) return shiftsOfDate.all(executor, { date });
      return shiftsQuery(executor, date).where('staff_id', 'in', staffIds).execute();
    },
    () => {
      if (staffIds === undefined) return defaultShiftsOfWeekday.all(executor, { weekday });
      return defaultShiftsQuery(executor, weekday).where('staff_id', 'in', staffIds).execute();
    },
    () => {
      if (staffIds === undefined) return timeOffOfDate.all(executor, { date });
      return timeOffQuery(executor, date).where('staff_id', 'in', staffIds).execute();
    },
    () =>
      executor
        .selectFrom('service_resources as sr')
        .innerJoin('resources as r', 'r.id', 'sr.resource_id')
        .select(['sr.service_id', 'sr.resource_id', 'r.capacity'])
        .where('sr.service_id', 'in', serviceIds)
        .where('r.active', '=', 1)
        .orderBy('sr.resource_id')
        .execute(),
    async () => {
      if (request.clientId === undefined || request.clientId === null) return false;
      const row = await executor
        .selectFrom('bookings')
        .select('id')
        .where('client_id', '=', request.clientId)
        .where('status', '=', 'completed')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  ] as const);

  const days = new Map<number, StaffDay>(
    members.map((member) => [
      member.id,
      { id: member.id, shifts: [], defaultShifts: [], timeOff: false, bookings: [] },
    ]),
  );
  for (const shift of shifts) days.get(shift.staff_id)?.shifts.push(shift);
  for (const shift of defaults) days.get(shift.staff_id)?.defaultShifts.push(shift);
  for (const entry of timeOff) {
    const member = days.get(entry.staff_id);
    if (member) member.timeOff = true;
  }

  const resourceIdsOf = new Map<number, number[]>();
  const capacityOf = new Map<number, number>();
  for (const need of needs) {
    resourceIdsOf.set(need.service_id, [...(resourceIdsOf.get(need.service_id) ?? []), need.resource_id]);
    capacityOf.set(need.resource_id, need.capacity);
  }

  /** Bookings of the members finally used and the holds of the resources: the two late queries. */
  const fillBusy = async (staffUsed: number[]): Promise<ResourceDay[]> => {
    const exclude = request.excludeBookingIds ?? [];
    const resourceIds = [...capacityOf.keys()];
    const from = `${previousDay(date)} 00:00:00`;
    const to = `${nextDay(date)} 00:00:00`;
    // A booking that began the day before may still run into this one; none lasts longer than a day.
    const [bookings, holds, standing] = await all([
      () => {
        if (staffUsed.length === 0) return Promise.resolve([]);
        if (exclude.length === 0) {
          const params = { from, to, dayStart: `${date} 00:00:00`, ...listValues('staff', staffUsed) };
          return bookingsOfDay.all(executor, staffUsed.length, params);
        }
        return bookingsQuery(executor, staffUsed, from, to, `${date} 00:00:00`)
          .where('id', 'not in', [...exclude])
          .execute();
      },
      () => {
        if (resourceIds.length === 0) return Promise.resolve([]);
        let query = executor
          .selectFrom('booking_resources')
          .select(['resource_id', 'start_at', 'end_at'])
          .where('resource_id', 'in', resourceIds)
          .where('start_at', '>=', from)
          .where('start_at', '<', to)
          .where('end_at', '>', `${date} 00:00:00`);
        if (exclude.length > 0) query = query.where('booking_id', 'not in', [...exclude]);
        return query.execute();
      },
      () => loadStanding(executor, staffUsed, date, exclude),
    ] as const);
    for (const booking of bookings) days.get(booking.staff_id)?.bookings.push(booking);
    for (const [id, weights] of standing) {
      const day = days.get(id);
      if (!day) continue;
      day.weekMinutes = weights.weekMinutes;
      day.latestBookingId = weights.latestBookingId;
    }
    const resources = new Map<number, ResourceDay>(
      resourceIds.map((id) => [id, { id, capacity: capacityOf.get(id)!, holds: [] }]),
    );
    for (const hold of holds) resources.get(hold.resource_id)?.holds.push(hold);
    return [...resources.values()];
  };

  const extra = visited ? 0 : Math.max(0, settings.new_client_extra_min);
  const rules = {
    date,
    timezone: settings.timezone || DEFAULT_TIMEZONE,
    slotMin: settings.calendar_slot_min,
    bufferMin: Math.max(0, settings.calendar_buffer_min),
    minLeadHours: Math.max(0, settings.booking_min_lead_hours),
    maxFutureDays: Math.max(0, settings.booking_max_future_days),
    openingHours:
      settings.is_closed === null || settings.is_closed === undefined
        ? null
        : { open_time: settings.open_time, close_time: settings.close_time, is_closed: settings.is_closed },
    holiday: Boolean(settings.holiday),
    anyoneRule: anyoneRuleOf(settings.booking_anyone_rule),
  };
  return {
    settings,
    rules,
    extra,
    services: new Map(services.map((service) => [service.id, service])),
    performers,
    members: new Map(members.map((member) => [member.id, member])),
    days,
    resourceIdsOf,
    fillBusy,
  };
}

type Base = Awaited<ReturnType<typeof loadBase>>;

/**
 * How the named member does `service`: their performance, or with `anyMember` the service's
 * own duration when they do not perform it. Throws the 400 a client gets for a member they
 * cannot choose.
 */
function chosenPerformance(
  base: Base,
  service: ServiceRow,
  staffId: number,
  anyMember: boolean,
  field: string,
): Pick<Performance, 'durationMin' | 'processing'> {
  const member = base.members.get(staffId);
  if (!member) throw unknownStaff(field);
  const performance = base.performers.get(service.id)?.get(staffId);
  if (performance) return performance;
  if (anyMember) {
    return {
      durationMin: service.duration_min,
      processing: processingWindow(service.duration_min, service.processing_after_min, service.processing_min),
    };
  }
  if (member.bookable !== 1) throw unknownStaff(field);
  throw serviceNotPerformed(field);
}

export async function loadDay(
  executor: Executor,
  request: DayRequest,
  inTransaction: boolean,
  now: Date = new Date(),
): Promise<LoadedDay> {
  const anyMember = request.anyMember === true;
  const base = await loadBase(
    executor,
    {
      date: request.date,
      serviceIds: [request.serviceId],
      staffIds: request.staffId === undefined ? undefined : [request.staffId],
      clientId: request.clientId,
      excludeBookingIds: request.excludeBookingIds,
    },
    inTransaction,
  );
  const service = base.services.get(request.serviceId);
  if (!service) throw unknownService();

  const chosen: Array<[number, Pick<Performance, 'durationMin' | 'processing'>]> =
    request.staffId !== undefined
      ? [[request.staffId, chosenPerformance(base, service, request.staffId, anyMember, 'staff_id')]]
      : [...(base.performers.get(service.id)?.entries() ?? [])].filter(([id]) => base.members.has(id));
  const staff: StaffDay[] = [];
  for (const [id, performance] of chosen) {
    const day = base.days.get(id)!;
    day.durationMin = performance.durationMin + base.extra;
    day.processing = performance.processing;
    staff.push(day);
  }
  const resources = await base.fillBusy(staff.map((member) => member.id));
  const needed = new Set(base.resourceIdsOf.get(service.id) ?? []);

  return {
    service: { id: service.id, name: service.name, duration_min: service.duration_min, price: service.price },
    staff: staff.map((member) => ({ id: member.id, name: base.members.get(member.id)!.name })),
    staffChoice: base.settings.booking_allow_staff_choice === 1,
    input: {
      ...base.rules,
      now,
      durationMin: service.duration_min + base.extra,
      staff,
      resources: resources.filter((resource) => needed.has(resource.id)),
      hideUnscheduled: base.settings.hide_unscheduled_staff === 1 && !anyMember,
    },
  };
}

/**
 * The data of a visit of several services on one date: every part's candidates (its chosen
 * member, or every performer) with their durations, the members' day and the resources the
 * parts need. The new-client extra time lengthens the first part.
 */
export async function loadVisitDay(
  executor: Executor,
  request: VisitRequest,
  inTransaction: boolean,
  now: Date = new Date(),
): Promise<LoadedVisit> {
  const anyMember = request.anyMember === true;
  const named = request.parts.every((part) => part.staffId !== undefined);
  const base = await loadBase(
    executor,
    {
      date: request.date,
      serviceIds: request.parts.map((part) => part.serviceId),
      staffIds: named ? request.parts.map((part) => part.staffId!) : undefined,
      clientId: request.clientId,
      excludeBookingIds: request.excludeBookingIds,
    },
    inTransaction,
  );

  const used = new Set<number>();
  const services: LoadedVisit['services'] = [];
  const parts: VisitInput['parts'] = request.parts.map((part, index) => {
    const service = base.services.get(part.serviceId);
    if (!service) throw unknownService(`parts[${index}].service_id`);
    services.push({ id: service.id, name: service.name, duration_min: service.duration_min, price: service.price });
    const extra = index === 0 ? base.extra : 0;
    const chosen: Array<[number, Pick<Performance, 'durationMin' | 'processing'>]> =
      part.staffId !== undefined
        ? [[part.staffId, chosenPerformance(base, service, part.staffId, anyMember, `parts[${index}].staff_id`)]]
        : [...(base.performers.get(service.id)?.entries() ?? [])].filter(([id]) => base.members.has(id));
    for (const [id] of chosen) used.add(id);
    return {
      serviceId: service.id,
      resourceIds: base.resourceIdsOf.get(service.id) ?? [],
      performers: chosen.map(([staffId, performance]) => ({
        staffId,
        durationMin: performance.durationMin + extra,
        processing: performance.processing,
      })),
    };
  });
  const ids = [...used].sort((a, b) => a - b);
  const resources = await base.fillBusy(ids);

  return {
    services,
    staff: ids.map((id) => ({ id, name: base.members.get(id)!.name })),
    staffChoice: base.settings.booking_allow_staff_choice === 1,
    input: {
      ...base.rules,
      now,
      staff: ids.map((id) => base.days.get(id)!),
      resources,
      hideUnscheduled: base.settings.hide_unscheduled_staff === 1 && !anyMember,
      parts,
    },
  };
}
