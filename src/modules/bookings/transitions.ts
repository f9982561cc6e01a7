import type { Selectable, Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import { lockRows } from '../../db/locks.js';
import type { BookingsTable, BookingStatus, DB } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import type { AuthUser } from '../../http/auth.js';
import { enqueue } from '../../jobs/queue.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { nowIso, parseLocalDateTime } from '../../lib/time.js';
import { shiftWallClock } from './wall-clock.js';
import { randomToken } from '../../lib/tokens.js';
import { queueEmail } from '../../mail/outbox.js';
import { followupSchedule, RECOMMENDATION_DELAY_MS } from '../campaigns/service.js';
import { CLIENT_ID_REFUSALS, lockActiveClient } from '../clients/service.js';
import { notifyAdmins, notifyUser, withdrawNotifications } from '../notifications/service.js';
import { isHoliday, readSettings, readTimezone } from '../settings/service.js';
import { lockActiveStaff } from '../staff/service.js';
import { lockEntryForBooking, markEntryBooked, offerFreedSlot } from '../waitlist/service.js';
import { agendaOf, bookingLink, bookingQuery, loadBooking, toBooking, type BookingJoinedRow } from './reads.js';
import type { BookingCreateInput, BookingOutput, BookingUpdateInput } from './schemas.js';

/*
 * Writing bookings: creation (staff and booking page alike), changes, status transitions, and
 * the side effects of each (emails and jobs, notifications, the waitlist), in the same
 * transaction as the change.
 *
 * Status changes (PUT `status`; DELETE is the change to `cancelled`):
 *
 *   scheduled   → completed | cancelled | no-show
 *   provisional → scheduled | cancelled      (also via the client's confirm/decline links)
 *   no-show     → scheduled                  (marked by mistake)
 *   completed   → nothing (its feedback_token and review request exist already)
 *   cancelled   → nothing: rebook instead (a new booking)
 *
 * Anything else is 409 `invalid_transition`; sending the status a booking already has is a
 * no-op. A booking's times, staff member and service stay editable in every status.
 *
 * No double booking: every write that can make a booking occupy time (create; a change of
 * times or staff) first locks the staff member's `users` row, then checks for overlap, then
 * writes, in one transaction. On PostgreSQL the lock is `FOR NO KEY UPDATE`: it serialises
 * these writers exactly like FOR UPDATE, yet does not block the FOR KEY SHARE that foreign
 * keys to that user take elsewhere (purchase orders, notifications). SQLite's BEGIN IMMEDIATE
 * serialises every write transaction already. Lock order is booking row, then staff row, in
 * every path, so writers cannot deadlock.
 */

/** Which statuses may move to each target. */
const ALLOWED_FROM: Record<BookingStatus, BookingStatus[]> = {
  scheduled: ['provisional', 'no-show'],
  completed: ['scheduled'],
  cancelled: ['scheduled', 'provisional'],
  'no-show': ['scheduled'],
  provisional: [],
};

/** A time change of a booking in one of these statuses enqueues no `booking.updated` email. */
const PAST_OR_CANCELLED: BookingStatus[] = ['completed', 'no-show', 'cancelled'];

export const BOOKING_UPDATE_DELAY_MS = 30 * 60 * 1000;
export const FOLLOWUP_DELAY_MS = 3 * 24 * 60 * 60 * 1000;

type BookingRow = Selectable<BookingsTable>;

const invalidField = (field: string, message: string) =>
  badRequest('validation_failed', `Invalid input: ${field} ${message}`, [{ field, message }]);

function parseDateTime(value: string, field: string): string {
  const parsed = parseLocalDateTime(value);
  if (parsed === null) throw invalidField(field, 'must be a real date and time (YYYY-MM-DD HH:MM:SS)');
  return parsed;
}

// The bookable staff member's row is locked by lockActiveStaff() (staff module) until the
// transaction ends: every overlap check for that staff member runs behind this lock.

async function requireService(trx: Transaction<DB>, dialect: Dialect, serviceId: number) {
  let query = trx
    .selectFrom('services')
    .select(['id', 'name', 'price'])
    .where('id', '=', serviceId)
    .where('active', '=', 1);
  query = lockRows(query, dialect, 'key share');
  const service = await query.executeTakeFirst();
  if (!service) {
    throw badRequest('unknown_service', 'No active service has this id', [
      { field: 'service_id', message: 'is not an existing service' },
    ]);
  }
  return service;
}

async function requireNotHoliday(executor: Executor, startAt: string): Promise<void> {
  const date = startAt.slice(0, 10);
  if (await isHoliday(executor, date)) {
    throw badRequest('holiday', `The salon is closed on ${date} (a holiday)`, [
      { field: 'start_at', message: 'is on a holiday' },
    ]);
  }
}

function requireOrder(startAt: string, endAt: string): void {
  if (endAt <= startAt) throw invalidField('end_at', 'must be after start_at');
}

/**
 * 409 when another non-cancelled booking of the staff member overlaps [startAt, endAt).
 * Text comparison is time comparison: both columns are fixed-width wall-clock text.
 * Call only while holding that staff member's lock.
 */
async function requireFree(
  trx: Transaction<DB>,
  staffId: number,
  startAt: string,
  endAt: string,
  exceptId?: number,
): Promise<void> {
  // The staff member's non-cancelled bookings never overlap one another (this check is what
  // keeps it so), so the last one starting before endAt ends after all earlier ones: only it
  // can reach past startAt. One index step back from endAt instead of a scan of every booking
  // the staff member ever had that starts before it (years of them; bench/README.md).
  let latest = trx
    .selectFrom('bookings')
    .select('end_at')
    .where('staff_id', '=', staffId)
    .where('start_at', '<', endAt)
    .where('status', '<>', 'cancelled')
    .orderBy('start_at', 'desc')
    .limit(1);
  if (exceptId !== undefined) latest = latest.where('id', '<>', exceptId);
  const last = await latest.executeTakeFirst();
  if (!last || last.end_at <= startAt) return;
  // A clash: name the first booking it overlaps.
  let query = trx
    .selectFrom('bookings')
    .select('id')
    .where('staff_id', '=', staffId)
    .where('start_at', '<', endAt)
    .where('end_at', '>', startAt)
    .where('status', '<>', 'cancelled')
    .orderBy('start_at')
    .orderBy('id')
    .limit(1);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const clash = await query.executeTakeFirst();
  if (clash) {
    throw new AppError(409, 'booking_overlap', `This staff member already has booking ${clash.id} at that time`, [
      { field: 'start_at', message: `overlaps booking ${clash.id}` },
    ]);
  }
}

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

/** A regular (scheduled) booking came to be: confirmation job and the staff member's inbox. */
export async function announceScheduled(trx: Transaction<DB>, row: BookingJoinedRow): Promise<void> {
  await enqueue(trx, 'booking.created', { bookingId: row.id });
  await notifyUser(trx, row.staff_id, {
    type: 'booking.new',
    title: 'New booking',
    message: `${row.client_name}: ${row.service_name}, ${row.start_at.slice(0, 16)}`,
    link: bookingLink(row.id),
  });
}

export async function createBooking(
  ctx: AppContext,
  caller: AuthUser,
  input: BookingCreateInput,
): Promise<BookingOutput> {
  const startAt = parseDateTime(input.start_at, 'start_at');
  const endAt = parseDateTime(input.end_at, 'end_at');
  requireOrder(startAt, endAt);
  const timezone = await readTimezone(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await insertBooking(
      trx,
      { ...input, start_at: startAt, end_at: endAt },
      { dialect: ctx.dialect, publicBaseUrl: ctx.config.publicBaseUrl, createdBy: caller.id },
    );
    return toBooking(row, timezone);
  });
}

/** What the one booking creation path needs; times already parsed into canonical form. */
export type NewBooking = Omit<BookingCreateInput, 'base_url'> & {
  base_url?: string | undefined;
  /**
   * Runs once the staff member is locked, before the overlap check: a caller's own rules on
   * the time (the booking page's availability), seeing every booking committed before it.
   */
  checkLocked?: (trx: Transaction<DB>) => Promise<void>;
  /** The visit this booking is part `visit_position` (0-based) of. */
  visit_id?: number | undefined;
  visit_position?: number | undefined;
  /** The repeating booking this is an occurrence of. */
  series_id?: number | undefined;
  /** The desk's override of its own rules on this booking. */
  override?: boolean | undefined;
};

/** Who creates a booking, and what the creation needs of the context. */
export interface BookingCreator {
  dialect: Dialect;
  /** The salon's public address: the admin link, and the client's links unless `base_url` is given. */
  publicBaseUrl: string;
  /** The staff user creating it; null for the booking page. */
  createdBy: number | null;
}

/**
 * The one path that creates a booking, for staff (POST /bookings) and the booking page
 * (POST /public/bookings) alike: staff lock, client, service, holiday, waitlist entry,
 * overlap, insert, and the side effects of its status, all in the caller's transaction.
 */
export async function insertBooking(
  trx: Transaction<DB>,
  input: NewBooking,
  { dialect, publicBaseUrl, createdBy }: BookingCreator,
): Promise<BookingJoinedRow> {
  const startAt = input.start_at;
  const endAt = input.end_at;
  await lockActiveStaff(trx, dialect, input.staff_id);
  const client = await lockActiveClient(
    trx,
    input.client_id,
    { dialect, strength: 'key share' },
    {
      ...CLIENT_ID_REFUSALS,
      inactive: () =>
        badRequest('client_inactive', 'This client was erased or merged into another; book the kept client', [
          { field: 'client_id', message: 'is an erased or merged-away client' },
        ]),
    },
  );
  const service = await requireService(trx, dialect, input.service_id);
  await requireNotHoliday(trx, startAt);
  if (input.checkLocked) await input.checkLocked(trx);
  if (input.waitlist_id !== undefined) {
    await lockEntryForBooking(trx, dialect, input.waitlist_id, client.id);
  }
  await requireFree(trx, input.staff_id, startAt, endAt);

  const provisional = input.provisional === true;
  const now = nowIso();
  const { id } = await trx
    .insertInto('bookings')
    .values({
      client_id: client.id,
      staff_id: input.staff_id,
      service_id: service.id,
      start_at: startAt,
      end_at: endAt,
      status: provisional ? 'provisional' : 'scheduled',
      notes: input.notes?.trim() ?? '',
      internal_notes: input.internal_notes?.trim() ?? '',
      provisional_token: provisional ? randomToken() : null,
      feedback_token: null,
      waitlist_id: input.waitlist_id ?? null,
      visit_id: input.visit_id ?? null,
      visit_position: input.visit_position ?? null,
      series_id: input.series_id ?? null,
      price: service.price,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await bookingQuery(trx).where('b.id', '=', id).executeTakeFirstOrThrow();

  if (provisional) {
    const base = (input.base_url ?? publicBaseUrl).replace(/\/+$/, '');
    const token = encodeURIComponent(row.provisional_token!);
    if (row.client_email) {
      // Sent from here, not by a job that reads the booking later, yet through the outbox like
      // every email; the links are a credential, so the outbox forgets them once sent.
      await queueEmail(trx, {
        to: row.client_email,
        template: 'booking.provisional',
        data: {
          ...emailData(row),
          confirmUrl: `${base}/booking/confirm?token=${token}`,
          declineUrl: `${base}/booking/decline?token=${token}`,
        },
        sensitive: true,
      });
    }
    const settings = await readSettings(trx);
    await notifyAdmins(trx, {
      type: 'booking.request',
      title: 'Booking request',
      message: `${row.client_name}: ${row.service_name}, ${row.start_at.slice(0, 16)}, awaiting the client's answer`,
      link: bookingLink(id),
      // The admins' email and push of a request, each only when its setting is on.
      push: settings.booking_request_notify_push === 1,
      ...(settings.booking_request_notify_email === 1
        ? {
            email: {
              template: 'booking.request' as const,
              data: { ...emailData(row), link: `${publicBaseUrl}${bookingLink(id)}` },
            },
          }
        : {}),
    });
  } else {
    await announceScheduled(trx, row);
  }

  if (input.waitlist_id !== undefined) {
    await markEntryBooked(trx, input.waitlist_id, now);
    if (row.client_email) {
      await queueEmail(trx, { to: row.client_email, template: 'booking.waitlist_confirmed', data: emailData(row) });
    }
  }
  return row;
}

/** The booking row, locked on PostgreSQL; 404 when absent or outside the caller's agenda. */
async function lockBooking(trx: Transaction<DB>, dialect: Dialect, caller: AuthUser, id: number) {
  let query = trx.selectFrom('bookings').selectAll().where('id', '=', id);
  query = lockRows(query, dialect);
  const booking = await query.executeTakeFirst();
  const own = await agendaOf(trx, caller);
  if (!booking || (own !== null && booking.staff_id !== own)) throw notFound('Booking');
  return booking;
}

export function requireTransition(from: BookingStatus, to: BookingStatus): void {
  if (from === to) return;
  if (!ALLOWED_FROM[to].includes(from)) {
    const hint = from === 'cancelled' ? '; create a new booking instead' : '';
    throw conflict('invalid_transition', `A ${from} booking cannot become ${to}${hint}`);
  }
}

/**
 * The side effects of cancelling (DELETE, or PUT with status `cancelled`): the client's
 * email job, and the freed slot offered to the first matching waitlist entry.
 */
export async function announceCancelled(
  trx: Transaction<DB>,
  config: Config,
  booking: Pick<BookingRow, 'id' | 'service_id' | 'staff_id' | 'start_at' | 'end_at'>,
): Promise<void> {
  await enqueue(trx, 'booking.cancelled', { bookingId: booking.id });
  await offerFreedSlot(
    trx,
    { config },
    {
      serviceId: booking.service_id,
      staffId: booking.staff_id,
      date: booking.start_at.slice(0, 10),
      startAt: booking.start_at,
      endAt: booking.end_at,
    },
  );
}

/**
 * Only the fields present change. Times, staff member and service are checked as on
 * creation (a new start date must not be a holiday; no overlap). See the top of the file
 * for the status changes and their side effects.
 */
export async function updateBooking(
  ctx: AppContext,
  caller: AuthUser,
  id: number,
  input: BookingUpdateInput,
): Promise<BookingOutput> {
  const newStart = input.start_at === undefined ? undefined : parseDateTime(input.start_at, 'start_at');
  const newEnd = input.end_at === undefined ? undefined : parseDateTime(input.end_at, 'end_at');
  const timezone = await readTimezone(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    const booking = await lockBooking(trx, ctx.dialect, caller, id);
    const status = input.status ?? booking.status;
    requireTransition(booking.status, status);

    const staffId = input.staff_id ?? booking.staff_id;
    const startAt = newStart ?? booking.start_at;
    const endAt = newEnd ?? booking.end_at;
    const timesChanged = startAt !== booking.start_at || endAt !== booking.end_at;
    const staffChanged = staffId !== booking.staff_id;
    requireOrder(startAt, endAt);

    const changes: Partial<Omit<BookingRow, 'id' | 'created_at' | 'client_id'>> = {};
    if (timesChanged || staffChanged) {
      await lockActiveStaff(trx, ctx.dialect, staffId);
      if (startAt.slice(0, 10) !== booking.start_at.slice(0, 10)) await requireNotHoliday(trx, startAt);
      if (status !== 'cancelled') await requireFree(trx, staffId, startAt, endAt, id);
      Object.assign(changes, { staff_id: staffId, start_at: startAt, end_at: endAt });
    }
    if (input.service_id !== undefined && input.service_id !== booking.service_id) {
      const service = await requireService(trx, ctx.dialect, input.service_id);
      Object.assign(changes, { service_id: service.id, price: service.price });
    }
    if (input.notes !== undefined) changes.notes = input.notes.trim();
    if (input.internal_notes !== undefined) changes.internal_notes = input.internal_notes.trim();
    const statusChanged = status !== booking.status;
    if (statusChanged) changes.status = status;
    if (statusChanged && status === 'completed') changes.feedback_token = randomToken();

    if (Object.keys(changes).length > 0) {
      await trx
        .updateTable('bookings')
        .set({ ...changes, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    }
    const row = await bookingQuery(trx).where('b.id', '=', id).executeTakeFirstOrThrow();

    if (timesChanged && !PAST_OR_CANCELLED.includes(status)) {
      // The key folds every change within the window into one email, with the times current
      // when it runs.
      await enqueue(
        trx,
        'booking.updated',
        { bookingId: id },
        { delayMs: BOOKING_UPDATE_DELAY_MS, key: `booking.updated:${id}` },
      );
    }
    if (statusChanged) {
      if (status === 'completed') {
        await enqueue(trx, 'booking.review_request', { bookingId: id });
        const settings = await readSettings(trx);
        if (settings.followup_sequences_enabled === 1) {
          // The salon's sequence (campaigns module): one job per active step; none stored,
          // the default follow-up.
          const steps = await followupSchedule(trx);
          if (steps.length === 0) {
            await enqueue(trx, 'booking.followup', { bookingId: id }, { delayMs: FOLLOWUP_DELAY_MS });
          }
          for (const step of steps) {
            await enqueue(trx, 'booking.followup', { bookingId: id, stepId: step.stepId }, { delayMs: step.delayMs });
          }
        }
        if (settings.product_recommendations_enabled === 1) {
          await enqueue(
            trx,
            'campaign.product_recommendations',
            { bookingId: id },
            { delayMs: RECOMMENDATION_DELAY_MS },
          );
        }
        await withdrawNotifications(trx, 'booking.followup', bookingLink(id));
      } else if (status === 'scheduled' && booking.status === 'provisional') {
        await announceScheduled(trx, row);
      } else if (status === 'cancelled') {
        await announceCancelled(trx, ctx.config, row);
      } else if (status === 'no-show') {
        // The fee's checkout session and email come from a job
        // (payments/noshow.ts), enqueued here so it exists exactly when the no-show does.
        const settings = await readSettings(trx);
        if (settings.noshow_enabled === 1) await enqueue(trx, 'payments.noshow_fee', { bookingId: id });
      }
    }
    return toBooking(row, timezone);
  });
}

/** DELETE: the booking becomes `cancelled` (it stays, out of the list); 409 when already cancelled. */
export async function cancelBooking(ctx: AppContext, caller: AuthUser, id: number): Promise<BookingOutput> {
  const timezone = await readTimezone(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    const booking = await lockBooking(trx, ctx.dialect, caller, id);
    if (booking.status === 'cancelled') throw conflict('already_cancelled', 'This booking is already cancelled');
    requireTransition(booking.status, 'cancelled');
    await trx.updateTable('bookings').set({ status: 'cancelled', updated_at: nowIso() }).where('id', '=', id).execute();
    await announceCancelled(trx, ctx.config, booking);
    return loadBooking(trx, id, timezone);
  });
}

/**
 * Moves one booking of a visit or series, already locked by the caller (booking row, then
 * the staff members involved), to new times and maybe another staff member, checked as PUT
 * /bookings/:id checks the same change: no holiday on a new date, no overlap. Its processing
 * window moves with it; the client hears of it as of any time change.
 */
export async function moveLockedBooking(
  trx: Transaction<DB>,
  dialect: Dialect,
  booking: BookingRow,
  change: { staffId: number; startAt: string; endAt: string; deltaMs: number },
): Promise<void> {
  const { staffId, startAt, endAt } = change;
  requireOrder(startAt, endAt);
  await lockActiveStaff(trx, dialect, staffId);
  if (startAt.slice(0, 10) !== booking.start_at.slice(0, 10)) await requireNotHoliday(trx, startAt);
  if (booking.status !== 'cancelled') await requireFree(trx, staffId, startAt, endAt, booking.id);
  const shift = (wall: string | null) => (wall === null ? null : shiftWallClock(wall, change.deltaMs));
  await trx
    .updateTable('bookings')
    .set({
      staff_id: staffId,
      start_at: startAt,
      end_at: endAt,
      processing_start_at: shift(booking.processing_start_at),
      processing_end_at: shift(booking.processing_end_at),
      updated_at: nowIso(),
    })
    .where('id', '=', booking.id)
    .execute();
  if (!PAST_OR_CANCELLED.includes(booking.status)) {
    await enqueue(
      trx,
      'booking.updated',
      { bookingId: booking.id },
      { delayMs: BOOKING_UPDATE_DELAY_MS, key: `booking.updated:${booking.id}` },
    );
  }
}
