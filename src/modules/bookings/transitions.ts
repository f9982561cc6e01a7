import type { Selectable, Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import { lockRows } from '../../db/locks.js';
import type { BookingsTable, BookingStatus, DB } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { enqueue } from '../../jobs/queue.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { nowIso, parseLocalDateTime } from '../../lib/time.js';
import { randomToken } from '../../lib/tokens.js';
import { queueEmail } from '../../mail/outbox.js';
import { followupSchedule, RECOMMENDATION_DELAY_MS } from '../campaigns/service.js';
import { CLIENT_ID_REFUSALS, lockActiveClient } from '../clients/service.js';
import { notice, notifyAdmins, notifyUser, withdrawNotifications } from '../notifications/service.js';
import { allowedLinkBase, readSettings, readTimezone } from '../settings/service.js';
import { lockActiveStaff } from '../staff/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { lockEntryForBooking, markEntryBooked, offerFreedSlot } from '../waitlist/service.js';
import { assignmentOf } from './assignment.js';
import { bookingLocation } from './booking-location.js';
import { bookIdempotently } from './idempotency.js';
import { brokenDeskRules, overrideOrRefuse, storedRules, type DeskRule } from './desk-rules.js';
import { holdResources, lockResources, processingTimes, requireResourcesFree, requireStaffFree } from './occupancy.js';
import { invalidField, replaceBooking, requireNotHoliday, requireOrder, requireService } from './placement.js';
import { dropReminders, syncReminders } from './reminders.js';
import {
  agendaOf,
  bookingLink,
  bookingQuery,
  emailData,
  loadBooking,
  toBooking,
  type BookingJoinedRow,
} from './reads.js';
import { requireVersion } from './stale-writes.js';
import { addMinutes, localNow } from './wall-clock.js';
import type { BookingCreateInput, BookingOutput, BookingUpdateInput } from './schemas.js';
import { asActor, userActor } from './history.js';

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
 * Completing works at any time: a client who came early is finished early, and the interface
 * puts no condition on it (its review request and follow-ups start then). No-showing a booking
 * that has not started yet is 409 `not_started`: nobody can have missed an appointment still
 * ahead, and a no-show may charge the client a fee.
 *
 * No double booking: every write that can make a booking occupy time or resources (create; a
 * change of times, staff or service) first locks the staff member's `users` row, then the
 * resource rows, then checks (occupancy.ts), then writes, in one transaction. On PostgreSQL
 * the locks are `FOR NO KEY UPDATE`: they serialise these writers exactly like FOR UPDATE, yet
 * do not block the FOR KEY SHARE that foreign keys to those rows take elsewhere (purchase
 * orders, notifications, booking_resources). SQLite's BEGIN IMMEDIATE serialises every write
 * transaction already. Lock order is booking row, then staff row, then resource rows (each
 * ascending), in every path, so writers cannot deadlock.
 *
 * The desk's rules (desk-rules.ts) apply to what staff book (not to the booking page, whose
 * availability decides its starts), on creation and when a scheduled or provisional booking's
 * times, staff member or service change.
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

function parseDateTime(value: string, field: string): string {
  const parsed = parseLocalDateTime(value);
  if (parsed === null) throw invalidField(field, 'must be a real date and time (YYYY-MM-DD HH:MM:SS)');
  return parsed;
}

/**
 * The key of a booking's confirmation, change or cancellation email job. A visit's parts share
 * one per visit: parts booked, moved or cancelled together fold into one queued job, whose
 * email speaks for the whole visit (jobs.ts). A single booking's change keeps its own key
 * (changes within the delay fold into one email); its confirmation and cancellation need none.
 */
export function emailJobKey(
  name: 'booking.created' | 'booking.updated' | 'booking.cancelled',
  row: { id: number; visit_id: number | null },
): string | undefined {
  if (row.visit_id !== null) return `${name}:visit:${row.visit_id}`;
  return name === 'booking.updated' ? `${name}:${row.id}` : undefined;
}

/**
 * A regular (scheduled) booking came to be (desk, booking page, visit parts, series
 * occurrences, a provisional one confirmed): confirmation job, its reminders, and the staff
 * member's inbox. `confirm: false` leaves out the confirmation: a booking the desk enters
 * after it started (overriding in_the_past) records what happened, and a "your appointment
 * is booked" email about an appointment already over would only confuse the client.
 */
export async function announceScheduled(
  trx: Transaction<DB>,
  row: BookingJoinedRow,
  { confirm = true }: { confirm?: boolean } = {},
): Promise<void> {
  const key = emailJobKey('booking.created', row);
  if (confirm) await enqueue(trx, 'booking.created', { bookingId: row.id }, key === undefined ? {} : { key });
  await syncReminders(trx, row);
  await notifyUser(trx, row.staff_id, {
    type: 'booking.new',
    title: notice('notification.booking_new.title'),
    message: notice('notification.booking_new.message', {
      client: row.client_name,
      service: row.service_name,
      start: { dateTime: row.start_at },
    }),
    link: bookingLink(row.id),
  });
}

/**
 * A provisional booking (booking_mode request) came to be: the client's confirm/decline links
 * by email, and the admins told of the request. `base` is where the client's links point.
 */
export async function announceProvisional(
  trx: Transaction<DB>,
  row: BookingJoinedRow,
  base: string,
  publicBaseUrl: string,
): Promise<void> {
  const token = encodeURIComponent(row.provisional_token!);
  if (row.client_email) {
    // Sent from here, not by a job that reads the booking later, yet through the outbox like
    // every email; the links are a credential, so the outbox forgets them once sent.
    await queueEmail(trx, {
      to: row.client_email,
      clientId: row.client_id,
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
    title: notice('notification.booking_request.title'),
    message: notice('notification.booking_request.message', {
      client: row.client_name,
      service: row.service_name,
      start: { dateTime: row.start_at },
    }),
    link: bookingLink(row.id),
    // The admins' email and push of a request, each only when its setting is on.
    push: settings.booking_request_notify_push === 1,
    ...(settings.booking_request_notify_email === 1
      ? {
          email: {
            template: 'booking.request' as const,
            data: { ...emailData(row), link: `${publicBaseUrl}${bookingLink(row.id)}` },
          },
        }
      : {}),
  });
}

export async function createBooking(
  ctx: AppContext,
  caller: AuthUser,
  input: BookingCreateInput,
  idempotencyKey?: string,
): Promise<{ result: BookingOutput; replayed: boolean }> {
  const startAt = parseDateTime(input.start_at, 'start_at');
  const endAt = input.end_at === undefined ? undefined : parseDateTime(input.end_at, 'end_at');
  if (endAt !== undefined) requireOrder(startAt, endAt);
  // The email's links may lead only to the salon's own addresses (settings, link-origins.ts).
  const baseUrl = input.base_url === undefined ? undefined : await allowedLinkBase(ctx, input.base_url, 'base_url');
  const timezone = await readTimezone(ctx.db);
  return bookIdempotently(ctx, {
    key: idempotencyKey,
    kind: 'desk-booking',
    body: input,
    as: `user:${caller.id}`,
    actor: userActor(caller),
    // The booking as it is now: a retry after the desk changed it meanwhile shows the change.
    replay: (bookingId) => loadBooking(ctx.db, bookingId, timezone),
    book: async (trx) => {
      const row = await insertBooking(
        trx,
        { ...input, base_url: baseUrl, start_at: startAt, end_at: endAt, desk: { timezone, now: new Date() } },
        { dialect: ctx.dialect, publicBaseUrl: ctx.config.publicBaseUrl, createdBy: caller.id },
      );
      return { result: toBooking(row, timezone), bookingId: row.id };
    },
  });
}

/** What the one booking creation path needs; times already parsed into canonical form. */
export type NewBooking = Omit<BookingCreateInput, 'base_url' | 'end_at'> & {
  /** Absent: start_at plus the staff member's duration of the service. */
  end_at?: string | undefined;
  base_url?: string | undefined;
  /**
   * Runs once the staff member is locked, before the overlap check: a caller's own rules on
   * the time (the booking page's availability), seeing every booking committed before it.
   */
  checkLocked?: (trx: Transaction<DB>) => Promise<void>;
  /**
   * Present when staff book (the desk): its rules are judged, `override` lets them be broken.
   * The booking page leaves it out: its availability already decided the start.
   */
  desk?: { timezone: string; now: Date } | undefined;
  visit_id?: number | undefined;
  visit_position?: number | undefined;
  series_id?: number | undefined;
  /**
   * Held for a deposit (the booking page): `provisional`, so it occupies its time, yet without
   * a token and without any email, notification or job until completeHeldBookings.
   */
  held?: boolean | undefined;
};

/** Who creates a booking, and what the creation needs of the context. */
export interface BookingCreator {
  dialect: Dialect;
  /** The salon's public address: the admin link, and the client's links unless `base_url` (an allowed one) is given. */
  publicBaseUrl: string;
  /** The staff user creating it; null for the booking page. */
  createdBy: number | null;
}

/**
 * The one path that creates a booking, for staff (POST /bookings, visits, series) and the
 * booking page (POST /public/bookings) alike: staff lock, client, service, holiday, the
 * desk's rules, waitlist entry, overlap, resources, insert, and the side effects of its
 * status, all in the caller's transaction.
 */
export async function insertBooking(
  trx: Transaction<DB>,
  input: NewBooking,
  { dialect, publicBaseUrl, createdBy }: BookingCreator,
): Promise<BookingJoinedRow> {
  const startAt = input.start_at;
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
  const assignment = await assignmentOf(trx, service, input.staff_id);
  const endAt = input.end_at ?? addMinutes(startAt, assignment.durationMin);
  requireOrder(startAt, endAt);
  const locationId = await bookingLocation(trx, dialect, input.location_id, input.staff_id, startAt.slice(0, 10));
  if (input.checkLocked) await input.checkLocked(trx);
  if (input.waitlist_id !== undefined) {
    await lockEntryForBooking(trx, dialect, input.waitlist_id, client.id);
  }
  const processing = processingTimes(startAt, endAt, assignment.processing);
  await requireStaffFree(trx, input.staff_id, { startAt, endAt, ...processing });
  const resources = await lockResources(trx, dialect, assignment.resourceIds);
  await requireResourcesFree(trx, resources, startAt, endAt);
  // The desk's rules last: a conflict above is never overridable, so it is the answer to give.
  let overridden: DeskRule[] = [];
  if (input.desk) {
    const broken = await brokenDeskRules(trx, {
      staffId: input.staff_id,
      serviceId: service.id,
      startAt,
      endAt,
      assignment,
      serviceActive: true,
      ...input.desk,
      startSet: true,
    });
    overridden = overrideOrRefuse(broken, input.override === true);
  }

  const held = input.held === true;
  const provisional = input.provisional === true || held;
  const now = nowIso();
  const { id } = await trx
    .insertInto('bookings')
    .values({
      client_id: client.id,
      staff_id: input.staff_id,
      service_id: service.id,
      start_at: startAt,
      end_at: endAt,
      processing_start_at: processing.processingStartAt,
      processing_end_at: processing.processingEndAt,
      status: provisional ? 'provisional' : 'scheduled',
      notes: input.notes?.trim() ?? '',
      internal_notes: input.internal_notes?.trim() ?? '',
      // A held booking has no token yet: nobody can answer it before its deposit is paid.
      provisional_token: provisional && !held ? randomToken() : null,
      feedback_token: null,
      waitlist_id: input.waitlist_id ?? null,
      price: assignment.price,
      location_id: locationId,
      overridden_rules: storedRules(overridden),
      visit_id: input.visit_id ?? null,
      visit_position: input.visit_position ?? null,
      series_id: input.series_id ?? null,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await holdResources(
    trx,
    { id, startAt, endAt },
    resources.map((resource) => resource.id),
  );
  const row = await bookingQuery(trx).where('b.id', '=', id).executeTakeFirstOrThrow();

  // A booking held for its deposit announces nothing yet: completeHeldBookings does, once paid.
  if (provisional && !held) {
    await announceProvisional(trx, row, (input.base_url ?? publicBaseUrl).replace(/\/+$/, ''), publicBaseUrl);
  } else if (!provisional) {
    await announceScheduled(trx, row, { confirm: !overridden.includes('in_the_past') });
  }

  if (input.waitlist_id !== undefined) {
    await markEntryBooked(trx, input.waitlist_id, now);
    if (row.client_email) {
      await queueEmail(trx, {
        to: row.client_email,
        clientId: row.client_id,
        template: 'booking.waitlist_confirmed',
        data: emailData(row),
      });
    }
  }
  await recordWebhookEvent(trx, 'booking.created', id);
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
 * The side effects of cancelling (every path that cancels comes here): a new revision of the
 * client's calendar event (the cancellation's SEQUENCE must be higher than the last one sent),
 * the client's email job, its reminders dropped, the freed slot offered to the first
 * matching waitlist entry, and the booking.cancelled webhook event.
 */
export async function announceCancelled(
  trx: Transaction<DB>,
  config: Config,
  booking: Pick<BookingRow, 'id' | 'service_id' | 'staff_id' | 'start_at' | 'end_at' | 'visit_id'>,
): Promise<void> {
  await trx
    .updateTable('bookings')
    .set((eb) => ({ ics_sequence: eb('ics_sequence', '+', 1) }))
    .where('id', '=', booking.id)
    .execute();
  const key = emailJobKey('booking.cancelled', booking);
  await enqueue(trx, 'booking.cancelled', { bookingId: booking.id }, key === undefined ? {} : { key });
  await dropReminders(trx, { id: booking.id, status: 'cancelled', start_at: booking.start_at });
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
  await recordWebhookEvent(trx, 'booking.cancelled', booking.id);
}

/**
 * What a booking's completion starts, in its transaction: the review request, the follow-ups
 * and product recommendations when the salon has them on; its follow-up notices withdrawn and
 * reminders dropped. The desk's status change and the till's checkout share it.
 */
async function afterCompletion(trx: Transaction<DB>, row: BookingJoinedRow): Promise<void> {
  const id = row.id;
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
    await enqueue(trx, 'campaign.product_recommendations', { bookingId: id }, { delayMs: RECOMMENDATION_DELAY_MS });
  }
  await withdrawNotifications(trx, 'booking.followup', bookingLink(id));
  await dropReminders(trx, row);
}

/**
 * The till checked these bookings out (a visit's parts): each still `scheduled` is completed
 * exactly as `PUT status: completed` completes it (feedback token, review request, follow-ups,
 * the `booking.completed` event); one completed already is left as it is. The caller holds
 * the bookings' rows locked and has told the history who writes (asActor).
 */
export async function completeAtCheckout(trx: Transaction<DB>, ids: number[]): Promise<void> {
  for (const id of ids) {
    const changed = await trx
      .updateTable('bookings')
      .set({ status: 'completed', feedback_token: randomToken(), updated_at: nowIso() })
      .where('id', '=', id)
      .where('status', '=', 'scheduled')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) continue;
    await afterCompletion(trx, await bookingQuery(trx).where('b.id', '=', id).executeTakeFirstOrThrow());
    await recordWebhookEvent(trx, 'booking.completed', id);
  }
}

/**
 * Only the fields present change. Times, staff member and service are checked as on
 * creation (a new start date must not be a holiday; the desk's rules while the booking is
 * scheduled or provisional; no overlap; resources). A change of service replaces the
 * resources held and the processing window; a change of staff or service takes that
 * member's price. See the top of the file for the status changes and their side effects.
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
  return ctx.db.transaction().execute(
    asActor(userActor(caller), async (trx) => {
      const booking = await lockBooking(trx, ctx.dialect, caller, id);
      await requireVersion(trx, booking, input.version, timezone);
      const status = input.status ?? booking.status;
      requireTransition(booking.status, status);

      const staffId = input.staff_id ?? booking.staff_id;
      const startAt = newStart ?? booking.start_at;
      const endAt = newEnd ?? booking.end_at;
      const timesChanged = startAt !== booking.start_at || endAt !== booking.end_at;
      const staffChanged = staffId !== booking.staff_id;
      const serviceChanged = input.service_id !== undefined && input.service_id !== booking.service_id;
      requireOrder(startAt, endAt);
      const now = new Date();
      if (status !== booking.status && status === 'no-show' && startAt > localNow(timezone, now)) {
        throw conflict('not_started', `This booking starts at ${startAt}; it can become a no-show once it has started`);
      }

      const changes: Partial<Omit<BookingRow, 'id' | 'created_at' | 'client_id'>> = {};
      let resourcesToHold: number[] | null = null;
      if (timesChanged || staffChanged || serviceChanged) {
        const moved = await replaceBooking(
          trx,
          ctx.dialect,
          { ...booking, status },
          { staffId, serviceId: input.service_id ?? booking.service_id, startAt, endAt, locationId: input.location_id },
          { override: input.override === true, timezone, now },
        );
        Object.assign(changes, moved.changes);
        resourcesToHold = moved.resourcesToHold;
      } else if (input.location_id !== undefined) {
        changes.location_id = await bookingLocation(trx, ctx.dialect, input.location_id, staffId, startAt.slice(0, 10));
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
      if (resourcesToHold !== null) await holdResources(trx, { id, startAt, endAt }, resourcesToHold);
      const row = await bookingQuery(trx).where('b.id', '=', id).executeTakeFirstOrThrow();

      if (timesChanged && !PAST_OR_CANCELLED.includes(status)) {
        // The key folds every change within the window into one email, with the times current
        // when it runs.
        await enqueue(
          trx,
          'booking.updated',
          { bookingId: id },
          { delayMs: BOOKING_UPDATE_DELAY_MS, key: emailJobKey('booking.updated', row) },
        );
      }
      if (statusChanged) {
        if (status === 'completed') {
          await afterCompletion(trx, row);
        } else if (status === 'scheduled' && booking.status === 'provisional') {
          await announceScheduled(trx, row);
        } else if (status === 'scheduled') {
          // A no-show marked by mistake: scheduled again, its reminders as far as still ahead.
          await syncReminders(trx, row);
        } else if (status === 'cancelled') {
          await announceCancelled(trx, ctx.config, row);
        } else if (status === 'no-show') {
          // The fee's checkout session and email come from a job
          // (payments/noshow.ts), enqueued here so it exists exactly when the no-show does.
          const settings = await readSettings(trx);
          if (settings.noshow_enabled === 1) await enqueue(trx, 'payments.noshow_fee', { bookingId: id });
          await dropReminders(trx, row);
        }
      }
      // One webhook event per change; a cancellation's comes from announceCancelled.
      if (statusChanged && status === 'completed') await recordWebhookEvent(trx, 'booking.completed', id);
      else if (statusChanged && status === 'no-show') await recordWebhookEvent(trx, 'booking.no_show', id);
      else if (status !== 'cancelled' && (statusChanged || Object.keys(changes).length > 0)) {
        await recordWebhookEvent(trx, 'booking.updated', id);
      }
      return toBooking(row, timezone);
    }),
  );
}

/**
 * DELETE: the booking becomes `cancelled` (it stays, out of the list); 409 when already
 * cancelled, or `booking_changed` when `expectedVersion` is given and no longer the booking's.
 */
export async function cancelBooking(
  ctx: AppContext,
  caller: AuthUser,
  id: number,
  expectedVersion?: number,
): Promise<BookingOutput> {
  const timezone = await readTimezone(ctx.db);
  return ctx.db.transaction().execute(
    asActor(userActor(caller), async (trx) => {
      const booking = await lockBooking(trx, ctx.dialect, caller, id);
      await requireVersion(trx, booking, expectedVersion, timezone);
      if (booking.status === 'cancelled') throw conflict('already_cancelled', 'This booking is already cancelled');
      requireTransition(booking.status, 'cancelled');
      await trx
        .updateTable('bookings')
        .set({ status: 'cancelled', updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      await announceCancelled(trx, ctx.config, booking);
      return loadBooking(trx, id, timezone);
    }),
  );
}

/** A booking of a visit or series moving with the others, and how the desk moves it. */
export interface GroupMove {
  staffId: number;
  startAt: string;
  endAt: string;
  /** The desk's override of its rules for this move. */
  override: boolean;
  timezone: string;
  now: Date;
  /** The other bookings moving in the same transaction: their old places do not count as taken. */
  exceptIds?: readonly number[] | undefined;
}

/**
 * Moves one booking of a visit or series to new times (and maybe another staff member), as
 * PUT /bookings/:id changes the same fields (placement.ts replaceBooking: holiday, the desk's
 * rules while it is scheduled or provisional, staff busy time, the resources it holds). The
 * caller has locked the booking rows, then every staff member and resource involved
 * (lockForPlacement), so moving several bookings in one transaction cannot deadlock.
 */
export async function moveLockedBooking(
  trx: Transaction<DB>,
  dialect: Dialect,
  booking: BookingRow,
  move: GroupMove,
): Promise<void> {
  const { changes } = await replaceBooking(
    trx,
    dialect,
    booking,
    { staffId: move.staffId, serviceId: booking.service_id, startAt: move.startAt, endAt: move.endAt },
    move,
  );
  await trx
    .updateTable('bookings')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', booking.id)
    .execute();
  if (!PAST_OR_CANCELLED.includes(booking.status)) {
    await enqueue(
      trx,
      'booking.updated',
      { bookingId: booking.id },
      { delayMs: BOOKING_UPDATE_DELAY_MS, key: emailJobKey('booking.updated', booking) },
    );
  }
  await recordWebhookEvent(trx, 'booking.updated', booking.id);
}
