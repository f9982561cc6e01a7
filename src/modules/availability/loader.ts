import { DateTime } from 'luxon';
import type { Executor } from '../../db/executor.js';
import { badRequest } from '../../lib/errors.js';
import { DEFAULT_TIMEZONE } from '../../lib/time.js';
import type { DayInput, StaffDay } from './engine.js';

/*
 * Everything the engine needs for one date, in a fixed number of indexed queries whatever
 * the number of staff or bookings (one per kind of data, for all candidates at once):
 *   settings + that weekday's opening hours + holiday   settings (pk), opening_hours (pk), holidays (unique date)
 *   the service                                         services (pk)
 *   the candidates                                      users (pk, or the active ones)
 *   dated shifts / default shifts / time off            shifts_date, default_shifts_staff_day, time_off_dates
 *   bookings                                            bookings_staff_start_cover (staff_id, start_at, end_at, status)
 *   a previous visit (new_client_extra_min)             bookings_client (client_id, start_at)
 * Outside a transaction the independent queries run side by side (PostgreSQL's pool).
 */

export interface DayRequest {
  date: string;
  serviceId: number;
  /** One chosen staff member; absent: every active staff member is a candidate. */
  staffId?: number | undefined;
  /**
   * The booking client when known. Unknown (an anonymous visitor) counts as new: their
   * slots are the longer ones, so every slot offered fits whoever books it.
   */
  clientId?: number | null | undefined;
}

export interface LoadedDay {
  input: DayInput;
  service: { id: number; name: string; duration_min: number; price: number };
  staff: Array<{ id: number; name: string }>;
  /** `booking_allow_staff_choice`: whether a client may name the staff member. */
  staffChoice: boolean;
}

const unknownService = () =>
  badRequest('unknown_service', 'No bookable service has this id', [
    { field: 'service_id', message: 'is not an existing service' },
  ]);

const unknownStaff = () =>
  badRequest('unknown_staff', 'No bookable staff member has this id', [
    { field: 'staff_id', message: 'is not an active staff member' },
  ]);

function previousDay(date: string): string {
  return DateTime.fromISO(date, { zone: 'utc' }).minus({ days: 1 }).toFormat('yyyy-MM-dd');
}

function nextDay(date: string): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days: 1 }).toFormat('yyyy-MM-dd');
}

/** 0 = Sunday … 6 = Saturday, as opening hours and default shifts count. */
export function weekdayOf(date: string): number {
  return DateTime.fromISO(date, { zone: 'utc' }).weekday % 7;
}

export async function loadDay(
  executor: Executor,
  request: DayRequest,
  inTransaction: boolean,
  now: Date = new Date(),
): Promise<LoadedDay> {
  const { date } = request;
  const weekday = weekdayOf(date);
  // In a transaction the queries share one connection and run one after another anyway.
  const all = async <T extends readonly unknown[]>(tasks: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> => {
    if (!inTransaction) return Promise.all(tasks.map((task) => task())) as unknown as Promise<T>;
    const out: unknown[] = [];
    for (const task of tasks) out.push(await task());
    return out as unknown as T;
  };

  let staffQuery = executor.selectFrom('users').select(['id', 'name']).where('active', '=', 1);
  if (request.staffId !== undefined) staffQuery = staffQuery.where('id', '=', request.staffId);

  const [settings, service, staff, shifts, defaults, timeOff, visited] = await all([
    () =>
      executor
        .selectFrom('settings')
        .leftJoin('opening_hours', (join) => join.on('opening_hours.day_of_week', '=', weekday))
        .select((eb) => [
          'settings.timezone',
          'settings.calendar_slot_min',
          'settings.calendar_buffer_min',
          'settings.booking_min_lead_hours',
          'settings.booking_max_future_days',
          'settings.new_client_extra_min',
          'settings.booking_allow_staff_choice',
          'opening_hours.open_time',
          'opening_hours.close_time',
          'opening_hours.is_closed',
          eb.exists(eb.selectFrom('holidays').select('id').where('holidays.date', '=', date)).as('holiday'),
        ])
        .where('settings.id', '=', 1)
        .executeTakeFirstOrThrow(),
    () =>
      executor
        .selectFrom('services')
        .select(['id', 'name', 'duration_min', 'price'])
        .where('id', '=', request.serviceId)
        .where('active', '=', 1)
        .executeTakeFirst(),
    () => staffQuery.orderBy('id').execute(),
    () => {
      let query = executor.selectFrom('shifts').select(['staff_id', 'start_time', 'end_time']).where('date', '=', date);
      if (request.staffId !== undefined) query = query.where('staff_id', '=', request.staffId);
      return query.execute();
    },
    () => {
      let query = executor
        .selectFrom('default_shifts')
        .select(['staff_id', 'start_time', 'end_time'])
        .where('day_of_week', '=', weekday);
      if (request.staffId !== undefined) query = query.where('staff_id', '=', request.staffId);
      return query.execute();
    },
    () => {
      let query = executor
        .selectFrom('time_off')
        .select('staff_id')
        .where('start_date', '<=', date)
        .where('end_date', '>=', date);
      if (request.staffId !== undefined) query = query.where('staff_id', '=', request.staffId);
      return query.execute();
    },
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
  if (!service) throw unknownService();
  if (request.staffId !== undefined && staff.length === 0) throw unknownStaff();

  // Bookings need the candidates' ids: the one query that waits for another. A booking that
  // began the day before may still run into this one; none lasts longer than a day.
  const ids = staff.map((member) => member.id);
  const bookings =
    ids.length === 0
      ? []
      : await executor
          .selectFrom('bookings')
          .select(['staff_id', 'start_at', 'end_at'])
          .where('staff_id', 'in', ids)
          .where('start_at', '>=', `${previousDay(date)} 00:00:00`)
          .where('start_at', '<', `${nextDay(date)} 00:00:00`)
          .where('end_at', '>', `${date} 00:00:00`)
          .where('status', '<>', 'cancelled')
          .execute();

  const byStaff = new Map<number, StaffDay>(
    ids.map((id) => [id, { id, shifts: [], defaultShifts: [], timeOff: false, bookings: [] }]),
  );
  for (const shift of shifts) byStaff.get(shift.staff_id)?.shifts.push(shift);
  for (const shift of defaults) byStaff.get(shift.staff_id)?.defaultShifts.push(shift);
  for (const entry of timeOff) {
    const member = byStaff.get(entry.staff_id);
    if (member) member.timeOff = true;
  }
  for (const booking of bookings) byStaff.get(booking.staff_id)?.bookings.push(booking);

  const extra = visited ? 0 : Math.max(0, settings.new_client_extra_min);
  return {
    service,
    staff,
    staffChoice: settings.booking_allow_staff_choice === 1,
    input: {
      date,
      timezone: settings.timezone || DEFAULT_TIMEZONE,
      now,
      durationMin: service.duration_min + extra,
      slotMin: settings.calendar_slot_min,
      bufferMin: Math.max(0, settings.calendar_buffer_min),
      minLeadHours: Math.max(0, settings.booking_min_lead_hours),
      maxFutureDays: Math.max(0, settings.booking_max_future_days),
      openingHours:
        settings.is_closed === null || settings.is_closed === undefined
          ? null
          : { open_time: settings.open_time, close_time: settings.close_time, is_closed: settings.is_closed },
      holiday: Boolean(settings.holiday),
      staff: [...byStaff.values()],
    },
  };
}
