import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/types.js';
import type { AuthClient } from '../../http/auth.js';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { Refusal } from '../availability/service.js';
import { asActor } from '../bookings/service.js';
import { readSettings } from '../settings/service.js';
import { normalisePhone } from '../sms/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { staffChoiceDisabled } from './availability.js';
import { checkoutUrlOf } from './deposits.js';
import { smsConsentAllowed, unconfirmedPhoneOf } from './phone-confirmation.js';
import { IDEMPOTENCY_KEY } from './schemas.js';

/*
 * What every booking from the booking page shares (a single booking, a visit): who may book,
 * the client booking, the refusals of the availability engine as answers, and the
 * Idempotency-Key that makes a retry answer the first result instead of booking twice.
 */

const REFUSALS: Record<Refusal, { status: number; code: string; message: string }> = {
  past: { status: 400, code: 'slot_in_past', message: 'This time has passed' },
  lead_time: { status: 400, code: 'inside_lead_time', message: 'This time is too soon to book online' },
  too_far: { status: 400, code: 'beyond_max_future_days', message: 'This date is too far ahead to book online' },
  closed: { status: 400, code: 'salon_closed', message: 'The salon (or this staff member) does not work that day' },
  off_grid: { status: 400, code: 'not_a_slot', message: 'Bookings start only at the times availability offers' },
  outside_hours: { status: 400, code: 'outside_working_time', message: 'This time is outside working hours' },
  taken: { status: 409, code: 'slot_taken', message: 'This time has just been taken; choose another' },
  resource_full: {
    status: 409,
    code: 'resource_unavailable',
    message: 'A room or piece of equipment this service needs is in use then; choose another time',
  },
};

/** The engine's refusal as the answer, its details naming `field`. */
export function refuse(reason: Refusal, field = 'start_at'): AppError {
  const { status, code, message } = REFUSALS[reason];
  return new AppError(status, code, message, [{ field, message }]);
}

/** Who books from the booking page: signed-in clients only when the salon says so; staff choice when allowed. */
export async function requireMayBook(ctx: AppContext, client: AuthClient | null, choosesStaff: boolean) {
  const settings = await readSettings(ctx.db);
  if (settings.booking_clients === 'existing' && !client) {
    throw unauthorized('client_login_required', 'This salon takes online bookings from signed-in clients only');
  }
  if (choosesStaff && settings.booking_allow_staff_choice !== 1) throw staffChoiceDisabled();
  return settings;
}

export interface BookingPerson {
  client_name: string;
  client_email: string;
  client_phone?: string | undefined;
  /** The browser's language: a new client's (a known client keeps the one on record). */
  language?: 'en' | 'nl' | undefined;
  marketing_consent?: boolean | undefined;
  sms_consent?: boolean | undefined;
}

/**
 * The form's consent checkboxes for a client who is who they say (signed in): a ticked box
 * gives consent (SMS consent only for a number of the salon's SMS countries); an unticked one
 * withdraws nothing (that is the account's or the unsubscribe link's to do).
 */
async function grantConsents(trx: Transaction<DB>, clientId: number, person: BookingPerson): Promise<void> {
  const settings = await readSettings(trx);
  const stored = await trx.selectFrom('clients').select('phone').where('id', '=', clientId).executeTakeFirst();
  const granted = {
    ...(person.marketing_consent === true ? { marketing_consent: 1 } : {}),
    ...(person.sms_consent === true && smsConsentAllowed(stored?.phone ?? '', settings) ? { sms_consent: 1 } : {}),
  };
  if (Object.keys(granted).length === 0) return;
  await trx
    .updateTable('clients')
    .set({ ...granted, updated_at: nowIso() })
    .where('id', '=', clientId)
    .execute();
  await recordWebhookEvent(trx, 'client.updated', clientId);
}

/** The client booking: the signed-in one, else the client with this email, else a new one. */
export async function bookingClient(
  trx: Transaction<DB>,
  person: BookingPerson,
  client: AuthClient | null,
): Promise<number> {
  // Checked even when unused (a signed-in or known client): bad input is refused, not ignored.
  const phone = await normalisePhone(trx, person.client_phone ?? '', 'client_phone');
  if (client) {
    await grantConsents(trx, client.id, person);
    return client.id;
  }
  const email = person.client_email.trim().toLowerCase();
  // Erased and merged-away clients have no email, so only a live client can match. Anyone can
  // type an email: the form's consents never change such a client's.
  const existing = await trx.selectFrom('clients').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) return existing.id;
  const settings = await readSettings(trx);
  const now = nowIso();
  const created = await trx
    .insertInto('clients')
    .values({
      name: person.client_name.trim(),
      email,
      phone,
      birthday: null,
      gender: '',
      notes: '',
      marketing_consent: person.marketing_consent === true ? 1 : 0,
      sms_consent: person.sms_consent === true && smsConsentAllowed(phone, settings) ? 1 : 0,
      phone_unconfirmed: unconfirmedPhoneOf(phone),
      language: person.language ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordWebhookEvent(trx, 'client.created', created.id);
  return created.id;
}

/** The Idempotency-Key header, checked; undefined when not sent. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header !== undefined && (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header))) {
    throw badRequest('validation_failed', 'Idempotency-Key must be 8 to 128 characters of A-Z a-z 0-9 . _ : -', [
      { field: 'idempotency-key', message: 'must match ^[A-Za-z0-9._:-]{8,128}$' },
    ]);
  }
  return header;
}

export interface IdempotentRequest<T> {
  /** The Idempotency-Key header, when sent. */
  key: string | undefined;
  /** What is asked (`kind` keeps a visit's keys apart from a single booking's), and by whom. */
  kind: string;
  body: unknown;
  client: AuthClient | null;
  /** The first result again, from the booking its key recorded. */
  replay: (bookingId: number) => Promise<T>;
  /** Books in the transaction; returns the result and the booking the key records. */
  book: (trx: Transaction<DB>) => Promise<{ result: T; bookingId: number }>;
}

/** The first result of a key, or null when the key is new. */
async function replayed<T>(ctx: AppContext, request: IdempotentRequest<T>, hash: string): Promise<T | null> {
  if (request.key === undefined) return null;
  const row = await ctx.db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'booking_id'])
    .where('key', '=', request.key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== hash) {
    throw conflict('idempotency_key_reused', 'This Idempotency-Key was used for a different booking request');
  }
  if (row.booking_id === null) throw conflict('idempotency_key_in_use', 'A request with this key is still running');
  return request.replay(row.booking_id);
}

/**
 * Forgets a key whose booking was undone before its answer (the deposit could not be started):
 * a retry with it books afresh instead of answering the undone booking.
 */
export async function forgetIdempotencyKey(ctx: AppContext, key: string | undefined): Promise<void> {
  if (key !== undefined) await ctx.db.deleteFrom('idempotency_keys').where('key', '=', key).execute();
}

/**
 * The checkout URL of a booking's deposit (see deposits.ts), forgetting the key of a booking
 * released because its deposit could not be started.
 */
export async function depositCheckout(
  ctx: AppContext,
  key: string | undefined,
  paymentId: number | null,
  replayed: boolean,
): Promise<string | null> {
  try {
    return await checkoutUrlOf(ctx, paymentId, replayed);
  } catch (error) {
    if (!replayed) await forgetIdempotencyKey(ctx, key);
    throw error;
  }
}

/**
 * Books once per Idempotency-Key: a key seen before answers its first result (or 409 when the
 * body differs), a new one is claimed inside the booking's transaction.
 */
export async function bookIdempotently<T>(
  ctx: AppContext,
  request: IdempotentRequest<T>,
): Promise<{ result: T; replayed: boolean }> {
  const hash = createHash('sha256')
    .update(
      JSON.stringify({
        ...(request.body as object),
        as: request.client?.id ?? null,
        // A single booking's hash is the one its keys were always stored with.
        ...(request.kind === 'booking' ? {} : { kind: request.kind }),
      }),
    )
    .digest('hex');
  const first = await replayed(ctx, request, hash);
  if (first !== null) return { result: first, replayed: true };

  const { key } = request;
  const attempt = () =>
    // The booking page's client makes the booking (its history says so, also of what this transaction changes after).
    ctx.db.transaction().execute(
      asActor('client', async (trx) => {
        // Claimed first: a concurrent retry with this key waits here, then fails on the key.
        if (key !== undefined) {
          await trx
            .insertInto('idempotency_keys')
            .values({ key, request_hash: hash, booking_id: null, created_at: nowIso() })
            .execute();
        }
        const { result, bookingId } = await request.book(trx);
        if (key !== undefined) {
          await trx.updateTable('idempotency_keys').set({ booking_id: bookingId }).where('key', '=', key).execute();
        }
        return result;
      }),
    );

  // A unique violation means a concurrent request won a race: the same Idempotency-Key
  // (answer its result), or the same new client's email (book again: the client exists now).
  for (let round = 1; ; round += 1) {
    try {
      return { result: await attempt(), replayed: false };
    } catch (error) {
      if (!isUniqueViolation(error) || round === 3) throw error;
      const again = await replayed(ctx, request, hash);
      if (again !== null) return { result: again, replayed: true };
    }
  }
}
