import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import type { AuthUser } from '../../http/auth.js';
import { paginate, type Page } from '../../http/pagination.js';
import { notFound } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { formatInstant } from '../../lib/time.js';
import { readSettings, readTimezone } from '../settings/service.js';
import { rulesOf } from './desk-rules.js';
import type { BookingListFilter, BookingOutput } from './schemas.js';

/*
 * Reading bookings: the staff list and detail (agenda rules included), the rows other
 * modules and the booking jobs read, and the API shape of a booking.
 */

/** The in-app link of a booking; also how its notifications are found again. */
export const bookingLink = (id: number) => `/bookings/${id}`;

/**
 * One booking with its client, staff and service names: one join, whatever the row count.
 * For this module's files only; other modules get the read functions below.
 */
export function bookingQuery(executor: Executor) {
  return executor
    .selectFrom('bookings as b')
    .innerJoin('clients as c', 'c.id', 'b.client_id')
    .innerJoin('users as u', 'u.id', 'b.staff_id')
    .innerJoin('services as s', 's.id', 'b.service_id')
    .select([
      'b.id',
      'b.client_id',
      'c.name as client_name',
      'c.email as client_email',
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
      'b.created_at',
      'b.updated_at',
    ]);
}

export type BookingJoinedRow = Awaited<ReturnType<ReturnType<typeof bookingQuery>['executeTakeFirstOrThrow']>>;

/** One booking with its client, staff member and service names; undefined when there is none. */
export async function readBooking(executor: Executor, id: number): Promise<BookingJoinedRow | undefined> {
  return bookingQuery(executor).where('b.id', '=', id).executeTakeFirst();
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
    query = query.where('b.start_at', '>=', nowLocal).orderBy('b.start_at', 'asc').orderBy('b.id', 'asc');
  } else {
    if (scope === 'past') query = query.where('b.start_at', '<', nowLocal);
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
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
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

/** Newest first: start_at, then id, descending; cancelled bookings left out. */
export async function listBookings(
  { db }: AppContext,
  caller: AuthUser,
  filter: BookingListFilter,
): Promise<BookingOutput[] | Page<BookingOutput>> {
  const timezone = await readTimezone(db);
  const own = await agendaOf(db, caller);
  let query = bookingQuery(db)
    .where('b.status', '<>', 'cancelled')
    .orderBy('b.start_at', 'desc')
    .orderBy('b.id', 'desc');
  // The total from the counters the triggers of migration 0013 keep: count(*) over millions
  // of bookings took ~170 ms a request.
  let base = db.selectFrom('booking_counts').where('status', '<>', 'cancelled');
  if (own !== null) {
    query = query.where('b.staff_id', '=', own);
    base = base.where('staff_id', '=', own);
  }
  const count = async () =>
    Number((await base.select((eb) => eb.fn.sum<number>('n').as('n')).executeTakeFirstOrThrow()).n ?? 0);
  return paginate(query, count, filter, (row) => toBooking(row, timezone));
}

export async function loadBooking(executor: Executor, id: number, timezone: string): Promise<BookingOutput> {
  const row = await bookingQuery(executor).where('b.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Booking');
  return toBooking(row, timezone);
}

export async function getBooking({ db }: AppContext, caller: AuthUser, id: number): Promise<BookingOutput> {
  const own = await agendaOf(db, caller);
  const row = await bookingQuery(db).where('b.id', '=', id).executeTakeFirst();
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
