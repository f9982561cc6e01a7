import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { prepared } from '../../db/prepared.js';
import type { AuthUser } from '../../http/auth.js';
import { DEFAULT_LIMIT, MAX_LIMIT, paginate, type Page } from '../../http/pagination.js';
import { notFound } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { formatInstant } from '../../lib/time.js';
import { readSettings, readTimezone } from '../settings/service.js';
import { rulesOf } from './desk-rules.js';
import { narrows, parseBookingFilter, type BookingFilter } from './list-filter.js';
import type { BookingListFilter, BookingOutput } from './schemas.js';
import type { ClientBookingStats } from '../clients/service.js';
import { officeHref } from '../../lib/office-paths.js';
import { cachedAnswer, MAX_CACHED_DAYS } from './calendar-cache.js';

/*
 * Reading bookings: the staff list and detail (agenda rules included), the rows other
 * modules and the booking jobs read, and the API shape of a booking.
 */

/** The in-app link of a booking; also how its notifications are found again. */
export const bookingLink = officeHref.booking;

/**
 * One booking with its client, staff and service names: one join, whatever the row count.
 * For this module's files only; other modules get the read functions below.
 */
export function bookingQuery(executor: Executor) {
  // The client's fields by primary-key lookups per row, not a join: for a calendar's
  // thousand-odd rows PostgreSQL chose to hash the whole clients table (200,000 rows, ~100 ms)
  // over a join; the lookups take a few milliseconds on both engines.
  const client = (eb: ExpressionBuilder<DB & { b: DB['bookings'] }, 'b'>) =>
    eb.selectFrom('clients as c').whereRef('c.id', '=', 'b.client_id');
  return (
    executor
      .selectFrom('bookings as b')
      .innerJoin('users as u', 'u.id', 'b.staff_id')
      .innerJoin('services as s', 's.id', 'b.service_id')
      .select((eb) => [client(eb).select('c.name').as('client_name'), client(eb).select('c.email').as('client_email')])
      .select([
        'b.id',
        'b.client_id',
        'b.staff_id',
        'u.name as staff_name',
        'b.service_id',
        's.name as service_name',
        'b.start_at',
        'b.end_at',
        'b.status',
        'b.notes',
        'b.internal_notes',
        'b.provisional_token',
        'b.feedback_token',
        'b.waitlist_id',
        'b.visit_id',
        'b.visit_position',
        'b.series_id',
        'b.location_id',
        'b.processing_start_at',
        'b.processing_end_at',
        'b.price',
        'b.overridden_rules',
        'b.deposit_amount',
        'b.deposit_status',
        'b.deposit_payment_id',
        'b.client_confirmed_at',
        'b.created_at',
        'b.updated_at',
        'b.version',
      ])
      // Every booking has its client (a NOT NULL foreign key): the name is never null.
      .$narrowType<{ client_name: string }>()
  );
}

export type BookingJoinedRow = Awaited<ReturnType<ReturnType<typeof bookingQuery>['executeTakeFirstOrThrow']>>;

const bookingById = prepared((db, p: { id: number }) => bookingQuery(db).where('b.id', '=', p.id));

/** What every booking email shows of the booking. */
export function emailData(row: BookingJoinedRow) {
  return {
    clientName: row.client_name,
    serviceName: row.service_name,
    staffName: row.staff_name,
    startAt: row.start_at,
    endAt: row.end_at,
  };
}

/** One booking with its client, staff member and service names; undefined when there is none. */
export async function readBooking(executor: Executor, id: number): Promise<BookingJoinedRow | undefined> {
  return bookingById.first(executor, { id });
}

/** A booking with the price it was booked at (what a no-show fee is computed from). */
export async function readBookingWithPrice(
  executor: Executor,
  id: number,
): Promise<(BookingJoinedRow & { price: number }) | undefined> {
  return bookingQuery(executor).where('b.id', '=', id).executeTakeFirst();
}

/**
 * A client's bookings as rows, relative to `nowLocal` (salon wall-clock time):
 * upcoming: not yet started, soonest first; past: started, newest first; all: newest first.
 */
export async function clientBookingRows(
  executor: Executor,
  clientId: number,
  scope: 'upcoming' | 'past' | undefined,
  nowLocal: string,
): Promise<BookingJoinedRow[]> {
  let query = bookingQuery(executor).where('b.client_id', '=', clientId);
  if (scope === 'upcoming') {
    // What the client will come to: a cancelled booking is no appointment, whenever it was for.
    query = query
      .where('b.start_at', '>=', nowLocal)
      .where('b.status', '!=', 'cancelled')
      .orderBy('b.start_at', 'asc')
      .orderBy('b.id', 'asc');
  } else {
    if (scope === 'past') {
      query = query.where((eb) => eb.or([eb('b.start_at', '<', nowLocal), eb('b.status', '=', 'cancelled')]));
    }
    query = query.orderBy('b.start_at', 'desc').orderBy('b.id', 'desc');
  }
  return query.execute();
}

export function toBooking(row: BookingJoinedRow, timezone: string): BookingOutput {
  return {
    id: row.id,
    client_id: row.client_id,
    client_name: row.client_name,
    staff_id: row.staff_id,
    staff_name: row.staff_name,
    service_id: row.service_id,
    service_name: row.service_name,
    start_at: row.start_at,
    end_at: row.end_at,
    status: row.status,
    notes: row.notes,
    internal_notes: row.internal_notes,
    provisional_token: row.provisional_token,
    feedback_token: row.feedback_token,
    waitlist_id: row.waitlist_id,
    visit_id: row.visit_id,
    visit_position: row.visit_position,
    series_id: row.series_id,
    location_id: row.location_id,
    processing_start_at: row.processing_start_at,
    processing_end_at: row.processing_end_at,
    price: fromCents(row.price),
    override: row.overridden_rules === '' ? 0 : 1,
    overridden_rules: rulesOf(row.overridden_rules),
    deposit_amount: row.deposit_amount === null ? null : fromCents(row.deposit_amount),
    deposit_status: row.deposit_status,
    client_confirmed_at: formatInstant(row.client_confirmed_at, timezone),
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
    version: row.version,
  };
}

/**
 * The staff member whose bookings alone the caller may see, or null for all: with
 * `staff_personal_agenda_enabled`, a staff-role user sees only their own (admins all).
 */
export async function agendaOf(executor: Executor, caller: AuthUser): Promise<number | null> {
  if (caller.role === 'admin') return null;
  const settings = await readSettings(executor);
  return settings.staff_personal_agenda_enabled === 1 ? caller.id : null;
}

/** The WHERE of a filtered list; the same for its rows and its count. */
function matching(eb: ExpressionBuilder<DB & { b: DB['bookings'] }, 'b'>, filter: BookingFilter, own: number | null) {
  const conditions: Expression<SqlBool>[] = [];
  conditions.push(filter.statuses === null ? eb('b.status', '<>', 'cancelled') : eb('b.status', 'in', filter.statuses));
  if (own !== null) conditions.push(eb('b.staff_id', '=', own));
  if (filter.staffIds !== null) conditions.push(eb('b.staff_id', 'in', filter.staffIds));
  if (filter.clientId !== null) conditions.push(eb('b.client_id', '=', filter.clientId));
  if (filter.locationId !== null) conditions.push(eb('b.location_id', '=', filter.locationId));
  if (filter.from !== null) conditions.push(eb('b.start_at', '>=', filter.from));
  if (filter.to !== null) conditions.push(eb('b.start_at', filter.toExclusive ? '<' : '<=', filter.to));
  return eb.and(conditions);
}

/**
 * Newest first: start_at, then id, descending. Filters on start_at range, staff, client,
 * status and location; without a status filter cancelled bookings are left out.
 */
export async function listBookings(
  { db }: AppContext,
  caller: AuthUser,
  query: BookingListFilter,
): Promise<BookingOutput[] | Page<BookingOutput>> {
  const filter = parseBookingFilter(query);
  const timezone = await readTimezone(db);
  const own = await agendaOf(db, caller);
  if (!narrows(filter) && query.page !== undefined) {
    // The list's first screen, asked for on every visit: its queries are compiled once.
    const limit = Math.min(query.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
    const offset = (query.page - 1) * limit;
    const [data, counted] = await Promise.all([
      own === null ? pageOfAll.all(db, { limit, offset }) : pageOfOwn.all(db, { own, limit, offset }),
      own === null ? countOfAll.first(db, {}) : countOfOwn.first(db, { own }),
    ]);
    const total = Number(counted?.n ?? 0);
    return {
      data: data.map((row) => toBooking(row, timezone)),
      page: query.page,
      limit,
      total,
      total_pages: Math.ceil(total / limit),
    };
  }
  // Built only here, past the first screen's prepared path: building it there was ~7 % of
  // that path's CPU for a query it never ran.
  const rows = bookingQuery(db)
    .where((eb) => matching(eb, filter, own))
    .orderBy('b.start_at', 'desc')
    .orderBy('b.id', 'desc');
  if (!narrows(filter)) {
    // The total from the counters the triggers of migration 0013 keep: count(*) over millions
    // of bookings took ~170 ms a request.
    let base = db.selectFrom('booking_counts').where('status', '<>', 'cancelled');
    if (own !== null) base = base.where('staff_id', '=', own);
    const count = async () =>
      Number((await base.select((eb) => eb.fn.sum<number>('n').as('n')).executeTakeFirstOrThrow()).n ?? 0);
    return paginate(rows, count, query, (row) => toBooking(row, timezone));
  }
  // A filtered list is one index range (start, staff, client or location): its count(*) is too.
  const filtered = db.selectFrom('bookings as b').where((eb) => matching(eb, filter, own));
  const count = async () =>
    Number((await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  if (query.page === undefined) return paginate(rows, count, query, (row) => toBooking(row, timezone));
  // The page's ids first, from the index alone, then the names for those rows only: a week of
  // 40 staff members sorts ~4,000 index entries instead of joining ~4,000 clients (21 → 2 ms).
  const limit = Math.min(query.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const ids = filtered
    .select('b.id')
    .orderBy('b.start_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .offset((query.page - 1) * limit);
  const [data, total] = await Promise.all([rows.where('b.id', 'in', ids).execute(), count()]);
  return {
    data: data.map((row) => toBooking(row, timezone)),
    page: query.page,
    limit,
    total,
    total_pages: Math.ceil(total / limit),
  };
}

/**
 * `GET /api/bookings` as the bytes of its answer, `serialize`d (the route's serializer). A list
 * of a calendar's range (`from` and `to`, at most MAX_CACHED_DAYS dates, no `page`) is held per
 * process until a change of anything it shows (calendar-cache.ts); any other list is computed.
 */
export async function listBookingsAnswer(
  ctx: AppContext,
  caller: AuthUser,
  query: BookingListFilter,
  serialize: (answer: BookingOutput[] | Page<BookingOutput>) => string,
): Promise<Buffer | string> {
  const filter = parseBookingFilter(query);
  const first = filter.from?.slice(0, 10);
  const last = filter.to?.slice(0, 10);
  const compute = async () => serialize(await listBookings(ctx, caller, query));
  if (
    query.page !== undefined ||
    first === undefined ||
    last === undefined ||
    daysFrom(first, last) > MAX_CACHED_DAYS
  ) {
    return compute();
  }
  const own = await agendaOf(ctx.db, caller);
  const key = `list ${JSON.stringify({ ...filter, own })}`;
  return cachedAnswer(ctx, key, { first, last }, async () => Buffer.from(await compute()));
}

/** Dates from `first` to `last` (YYYY-MM-DD), both counted. */
function daysFrom(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1;
}

/*
 * The unfiltered list's page and total, prepared: every booking but the cancelled ones, or
 * only the caller's own (the personal agenda). The total comes from the counters the triggers
 * of migration 0013 keep (see listBookings).
 */
const pageOfAll = prepared((db, p: { limit: number; offset: number }) =>
  bookingQuery(db)
    .where('b.status', '<>', 'cancelled')
    .orderBy('b.start_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(p.limit)
    .offset(p.offset),
);
const pageOfOwn = prepared((db, p: { own: number; limit: number; offset: number }) =>
  bookingQuery(db)
    .where((eb) => eb.and([eb('b.status', '<>', 'cancelled'), eb('b.staff_id', '=', p.own)]))
    .orderBy('b.start_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(p.limit)
    .offset(p.offset),
);
const countOfAll = prepared((db) =>
  db
    .selectFrom('booking_counts')
    .where('status', '<>', 'cancelled')
    .select((eb) => eb.fn.sum<number>('n').as('n')),
);
const countOfOwn = prepared((db, p: { own: number }) =>
  db
    .selectFrom('booking_counts')
    .where('status', '<>', 'cancelled')
    .where('staff_id', '=', p.own)
    .select((eb) => eb.fn.sum<number>('n').as('n')),
);

export async function loadBooking(executor: Executor, id: number, timezone: string): Promise<BookingOutput> {
  const row = await bookingById.first(executor, { id });
  if (!row) throw notFound('Booking');
  return toBooking(row, timezone);
}

export async function getBooking({ db }: AppContext, caller: AuthUser, id: number): Promise<BookingOutput> {
  const own = await agendaOf(db, caller);
  const row = await bookingById.first(db, { id });
  // Another staff member's booking looks absent (404), not forbidden (403): its existence is
  // not shown either.
  if (!row || (own !== null && row.staff_id !== own)) throw notFound('Booking');
  return toBooking(row, await readTimezone(db));
}

/** Every booking of a client, cancelled ones too, newest first: the GDPR export's `bookings`. */
export async function bookingsOfClient(
  executor: Executor,
  clientId: number,
  timezone: string,
): Promise<BookingOutput[]> {
  const rows = await bookingQuery(executor)
    .where('b.client_id', '=', clientId)
    .orderBy('b.start_at', 'desc')
    .orderBy('b.id', 'desc')
    .execute();
  return rows.map((row) => toBooking(row, timezone));
}

/** What a client's history counts of their bookings (clients' ClientBookingStats), in one pass over the client_id index. */
export async function clientBookingStats(executor: Executor, clientId: number): Promise<ClientBookingStats> {
  const row = await executor
    .selectFrom('bookings')
    .where('client_id', '=', clientId)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'completed').then(1).else(0).end()).as('completed'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'no-show').then(1).else(0).end()).as('no_show'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'cancelled').then(1).else(0).end()).as('cancelled'),
      eb.fn.min<string | null>(eb.case().when('status', '=', 'completed').then(eb.ref('start_at')).end()).as('first'),
      eb.fn.max<string | null>(eb.case().when('status', '=', 'completed').then(eb.ref('start_at')).end()).as('last'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    completed: Number(row.completed ?? 0),
    noShow: Number(row.no_show ?? 0),
    cancelled: Number(row.cancelled ?? 0),
    firstVisit: row.first ?? null,
    lastVisit: row.last ?? null,
  };
}

/** One page of a client's bookings, every status, newest first, with the price each was booked at (cents). */
export async function clientBookingPage(
  executor: Executor,
  clientId: number,
  limit: number,
  offset: number,
): Promise<Array<BookingJoinedRow & { price: number }>> {
  return bookingQuery(executor)
    .select('b.price')
    .where('b.client_id', '=', clientId)
    .orderBy('b.start_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
