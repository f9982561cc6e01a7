import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../lib/errors.js';
import { DEFAULT_TIMEZONE, isValidDate } from '../../lib/time.js';
import { workingWindows, type TimeRange } from '../availability/service.js';
import type { DayViewInput, DayViewOutput } from './day-view-schemas.js';
import { parseBookingFilter } from './list-filter.js';
import { agendaOf, bookingQuery, toBooking } from './reads.js';
import { cachedAnswer } from './calendar-cache.js';

/*
 * GET /api/bookings/day: everything a day calendar draws, in a fixed number of queries
 * whatever the number of staff or bookings (one per kind of data, side by side):
 *   settings + that weekday's opening hours + the holiday     settings (pk), opening_hours (pk), holidays (unique date)
 *   the bookable active staff                                  users
 *   dated shifts / default shifts / time off                   shifts_date, default_shifts_staff_day, time_off_dates
 *   the bookings touching the date                             bookings_start or bookings_staff_start_cover
 *   the active resources and the bookings holding them         resources, booking_resources_use
 * Working windows follow the availability engine's rule (availability/service.ts).
 */

function shiftDay(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toFormat('yyyy-MM-dd');
}

/** 0 = Sunday … 6 = Saturday, as opening hours and default shifts count. */
function weekdayOf(date: string): number {
  return DateTime.fromISO(date, { zone: 'utc' }).weekday % 7;
}

/** Resources in use at a location: its own and those not tied to any location. */
function activeResources(db: Kysely<DB>, locationId: number | null) {
  return db
    .selectFrom('resources')
    .where('active', '=', 1)
    .$if(locationId !== null, (qb) =>
      qb.where((eb) => eb.or([eb('location_id', '=', locationId as number), eb('location_id', 'is', null)])),
    );
}

/** What decides a day view's content besides the database: the date, the location, the staff shown. */
interface DayQuery {
  date: string;
  locationId: number | null;
  /** null: every member; else these ids (`[0]` for none: `in ()` is not SQL). */
  ids: number[] | null;
}

/** The request's day view as it asks for it, or 400 `validation_failed`. */
async function dayQueryOf(db: Kysely<DB>, caller: AuthUser, query: DayViewInput): Promise<DayQuery> {
  const { date } = query;
  if (!isValidDate(date)) {
    throw badRequest('validation_failed', 'Invalid date', [
      { field: 'date', message: 'must be a real date YYYY-MM-DD' },
    ]);
  }
  const chosen = query.staff_id === undefined ? null : parseBookingFilter({ staff_id: query.staff_id }).staffIds;
  const own = await agendaOf(db, caller);
  // With a personal agenda a staff member's day is their own column only.
  const staffIds = own !== null ? (chosen === null || chosen.includes(own) ? [own] : []) : chosen;
  const ids = staffIds === null ? null : staffIds.length > 0 ? [...staffIds].sort((a, b) => a - b) : [0];
  return { date, locationId: query.location_id ?? null, ids };
}

export async function dayView(ctx: AppContext, caller: AuthUser, query: DayViewInput): Promise<DayViewOutput> {
  return computeDayView(ctx.db, await dayQueryOf(ctx.db, caller, query));
}

/**
 * The day view as the bytes of its answer, `serialize`d (the route's serializer) and held per
 * process until a change of anything it shows (calendar-cache.ts).
 */
export async function dayViewAnswer(
  ctx: AppContext,
  caller: AuthUser,
  query: DayViewInput,
  serialize: (answer: DayViewOutput) => string,
): Promise<Buffer> {
  const day = await dayQueryOf(ctx.db, caller, query);
  const key = `day ${day.date} ${day.locationId ?? ''} ${day.ids?.join(',') ?? '*'}`;
  return cachedAnswer(ctx, key, { first: day.date, last: day.date }, async () =>
    Buffer.from(serialize(await computeDayView(ctx.db, day))),
  );
}

async function computeDayView(db: Kysely<DB>, { date, locationId, ids }: DayQuery): Promise<DayViewOutput> {
  const weekday = weekdayOf(date);
  const dayStart = `${date} 00:00:00`;
  const dayEnd = `${shiftDay(date, 1)} 00:00:00`;

  const [head, members, shifts, defaults, timeOff, rows, resources, holds] = await Promise.all([
    db
      .selectFrom('settings')
      .leftJoin('opening_hours', (join) => join.on('opening_hours.day_of_week', '=', weekday))
      .select((eb) => [
        'settings.timezone',
        'settings.hide_unscheduled_staff',
        'opening_hours.open_time',
        'opening_hours.close_time',
        'opening_hours.is_closed',
        eb.selectFrom('holidays').select('holidays.name').where('holidays.date', '=', date).as('holiday'),
      ])
      .where('settings.id', '=', 1)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('active', '=', 1)
      .where('bookable', '=', 1)
      .$if(ids !== null, (qb) => qb.where('id', 'in', ids as number[]))
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('shifts')
      .select(['staff_id', 'start_time', 'end_time', 'location_id'])
      .where('date', '=', date)
      .$if(ids !== null, (qb) => qb.where('staff_id', 'in', ids as number[]))
      .execute(),
    db
      .selectFrom('default_shifts')
      .select(['staff_id', 'start_time', 'end_time'])
      .where('day_of_week', '=', weekday)
      .$if(ids !== null, (qb) => qb.where('staff_id', 'in', ids as number[]))
      .execute(),
    db
      .selectFrom('time_off')
      .select(['id', 'staff_id', 'start_date', 'end_date', 'reason'])
      .where('start_date', '<=', date)
      .where('end_date', '>=', date)
      .$if(ids !== null, (qb) => qb.where('staff_id', 'in', ids as number[]))
      .orderBy('start_date')
      .orderBy('id')
      .execute(),
    // A booking that began the day before may still run into this one; none lasts a day.
    bookingQuery(db)
      .where('b.start_at', '>=', `${shiftDay(date, -1)} 00:00:00`)
      .where('b.start_at', '<', dayEnd)
      .where('b.end_at', '>', dayStart)
      .where('b.status', '<>', 'cancelled')
      .$if(ids !== null, (qb) => qb.where('b.staff_id', 'in', ids as number[]))
      .$if(locationId !== null, (qb) => qb.where('b.location_id', '=', locationId as number))
      .orderBy('b.start_at')
      .orderBy('b.id')
      .execute(),
    activeResources(db, locationId).select(['id', 'name', 'capacity']).orderBy('name').orderBy('id').execute(),
    // One short range of booking_resources_use per resource.
    db
      .selectFrom('booking_resources')
      .select(['resource_id', 'booking_id'])
      .where('resource_id', 'in', activeResources(db, locationId).select('id'))
      .where('start_at', '>=', `${shiftDay(date, -1)} 00:00:00`)
      .where('start_at', '<', dayEnd)
      .where('end_at', '>', dayStart)
      .orderBy('start_at')
      .orderBy('booking_id')
      .execute(),
  ]);

  const timezone = head.timezone || DEFAULT_TIMEZONE;
  const openingHours =
    head.is_closed === null || head.is_closed === undefined
      ? null
      : {
          open_time: head.open_time,
          close_time: head.close_time,
          is_closed: head.is_closed === 1 ? (1 as const) : (0 as const),
        };
  const salonClosed = head.holiday != null || openingHours?.is_closed === 1;

  const group = <T extends { staff_id: number }>(items: T[]) => {
    const map = new Map<number, T[]>();
    for (const item of items) {
      const list = map.get(item.staff_id);
      if (list === undefined) map.set(item.staff_id, [item]);
      else list.push(item);
    }
    return map;
  };
  const shiftsOf = group(shifts);
  const defaultsOf = group(defaults);
  const timeOffOf = group(timeOff);
  const booked = new Set(rows.map((row) => row.staff_id));

  const staff = members.flatMap((member) => {
    const dated = shiftsOf.get(member.id) ?? [];
    const here: TimeRange[] = dated.filter((shift) => locationId === null || shift.location_id === locationId);
    // Working elsewhere that day (dated shifts only at another location) and nothing booked here.
    if (locationId !== null && dated.length > 0 && here.length === 0 && !booked.has(member.id)) return [];
    const defaultShifts: TimeRange[] = defaultsOf.get(member.id) ?? [];
    const scheduled = here.length > 0 || defaultShifts.length > 0;
    if (head.hide_unscheduled_staff === 1 && !scheduled && !booked.has(member.id)) return [];
    const off = (timeOffOf.get(member.id) ?? []).map(({ id, start_date, end_date, reason }) => ({
      id,
      start_date,
      end_date,
      reason,
    }));
    const working = salonClosed || off.length > 0 ? [] : workingWindows({ shifts: here, defaultShifts }, openingHours);
    return [{ id: member.id, name: member.name, working, time_off: off }];
  });

  const holders = new Map<number, number[]>();
  for (const hold of holds) {
    const list = holders.get(hold.resource_id);
    if (list === undefined) holders.set(hold.resource_id, [hold.booking_id]);
    else list.push(hold.booking_id);
  }

  return {
    date,
    timezone,
    holiday: head.holiday != null ? { name: head.holiday } : null,
    opening_hours: openingHours,
    staff,
    bookings: rows.map((row) => toBooking(row, timezone)),
    resources: resources.map((resource) => ({ ...resource, bookings: holders.get(resource.id) ?? [] })),
  };
}
