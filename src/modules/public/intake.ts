import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/types.js';
import type { AuthClient } from '../../http/auth.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { Refusal } from '../availability/service.js';
import { forgetIdempotencyKey } from '../bookings/service.js';
import { readSettings } from '../settings/service.js';
import { normalisePhone } from '../sms/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { staffChoiceDisabled } from './availability.js';
import { checkoutUrlOf } from './deposits.js';
import { smsConsentAllowed, unconfirmedPhoneOf } from './phone-confirmation.js';

/*
 * What every booking from the booking page shares (a single booking, a visit): who may book,
 * the client booking, the refusals of the availability engine as answers. A retry's
 * Idempotency-Key is the bookings module's (bookIdempotently), which the desk's creates share.
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
