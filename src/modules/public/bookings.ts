import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/types.js';
import type { AuthClient } from '../../http/auth.js';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { nowIso, parseLocalDateTime } from '../../lib/time.js';
import { endOf, judgeStart, type Refusal } from '../availability/service.js';
import { loadDay } from '../availability/service.js';
import { insertBooking, readBooking } from '../bookings/service.js';
import { readSettings } from '../settings/service.js';
import { staffChoiceDisabled } from './availability.js';
import type { PublicBookingInput, PublicBookingOutput } from './schemas.js';
import { toPublicBooking } from './view.js';

/*
 * POST /public/bookings: a booking from the booking page, through the same creation path as
 * the staff API (bookings/service.ts insertBooking). The start must be one that availability
 * offers (docs/api.md "Online booking page"): judged once to pick the staff member, and again by the same engine
 * behind that member's lock, inside the write transaction, so a slot taken meanwhile is 409.
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

function refuse(reason: Refusal): AppError {
  const { status, code, message } = REFUSALS[reason];
  return new AppError(status, code, message, [{ field: 'start_at', message }]);
}

/** The client booking: the signed-in one, else the client with this email, else a new one. */
async function bookingClient(trx: Transaction<DB>, input: PublicBookingInput, client: AuthClient | null) {
  if (client) return client.id;
  const email = input.client_email.trim().toLowerCase();
  // Erased and merged-away clients have no email, so only a live client can match.
  const existing = await trx.selectFrom('clients').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) return existing.id;
  const now = nowIso();
  const created = await trx
    .insertInto('clients')
    .values({
      name: input.client_name.trim(),
      email,
      phone: input.client_phone?.trim() ?? '',
      birthday: null,
      gender: '',
      notes: '',
      marketing_consent: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

function requestHash(input: PublicBookingInput, client: AuthClient | null): string {
  return createHash('sha256')
    .update(JSON.stringify({ ...input, as: client?.id ?? null }))
    .digest('hex');
}

/** The first result of an Idempotency-Key, or null when the key is new. */
async function replay(ctx: AppContext, key: string, hash: string): Promise<PublicBookingOutput | null> {
  const row = await ctx.db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'booking_id'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== hash) {
    throw conflict('idempotency_key_reused', 'This Idempotency-Key was used for a different booking request');
  }
  if (row.booking_id === null) throw conflict('idempotency_key_in_use', 'A request with this key is still running');
  const booking = await readBooking(ctx.db, row.booking_id);
  if (!booking) throw new Error(`booking ${row.booking_id} of an idempotency key is gone`);
  return toPublicBooking(booking);
}

export interface PublicBookingResult {
  booking: PublicBookingOutput;
  replayed: boolean;
}

export async function createPublicBooking(
  ctx: AppContext,
  input: PublicBookingInput,
  client: AuthClient | null,
  idempotencyKey: string | undefined,
  now: Date = new Date(),
): Promise<PublicBookingResult> {
  const startAt = parseLocalDateTime(input.start_at);
  if (startAt === null) {
    throw badRequest('validation_failed', 'Invalid input: start_at must be a real date and time', [
      { field: 'start_at', message: 'must be a real date and time (YYYY-MM-DD HH:MM:SS)' },
    ]);
  }
  const settings = await readSettings(ctx.db);
  if (settings.booking_clients === 'existing' && !client) {
    throw unauthorized('client_login_required', 'This salon takes online bookings from signed-in clients only');
  }
  if (input.staff_id !== undefined && settings.booking_allow_staff_choice !== 1) throw staffChoiceDisabled();

  const hash = requestHash(input, client);
  if (idempotencyKey !== undefined) {
    const first = await replay(ctx, idempotencyKey, hash);
    if (first) return { booking: first, replayed: true };
  }

  const attempt = () =>
    ctx.db.transaction().execute(async (trx) => {
      // Claimed first: a concurrent retry with this key waits here, then fails on the key.
      if (idempotencyKey !== undefined) {
        await trx
          .insertInto('idempotency_keys')
          .values({ key: idempotencyKey, request_hash: hash, booking_id: null, created_at: nowIso() })
          .execute();
      }
      const clientId = await bookingClient(trx, input, client);
      const request = { date: startAt.slice(0, 10), serviceId: input.service_id, clientId };
      const day = await loadDay(trx, { ...request, staffId: input.staff_id }, true, now);
      const verdict = judgeStart(day.input, startAt);
      if (!verdict.ok) throw refuse(verdict.reason);
      const row = await insertBooking(
        trx,
        {
          client_id: clientId,
          staff_id: verdict.staffId,
          service_id: input.service_id,
          start_at: startAt,
          end_at: endOf(startAt, day.input.durationMin),
          notes: input.notes,
          provisional: settings.booking_mode === 'request',
          checkLocked: async (locked) => {
            const again = judgeStart(
              (await loadDay(locked, { ...request, staffId: verdict.staffId }, true, now)).input,
              startAt,
            );
            if (!again.ok) throw refuse(again.reason);
          },
        },
        { dialect: ctx.dialect, publicBaseUrl: ctx.config.publicBaseUrl, createdBy: null },
      );
      if (idempotencyKey !== undefined) {
        await trx
          .updateTable('idempotency_keys')
          .set({ booking_id: row.id })
          .where('key', '=', idempotencyKey)
          .execute();
      }
      return toPublicBooking(row);
    });

  // A unique violation means a concurrent request won a race: the same Idempotency-Key
  // (answer its result), or the same new client's email (book again: the client exists now).
  for (let round = 1; ; round += 1) {
    try {
      return { booking: await attempt(), replayed: false };
    } catch (error) {
      if (!isUniqueViolation(error) || round === 3) throw error;
      if (idempotencyKey !== undefined) {
        const first = await replay(ctx, idempotencyKey, hash);
        if (first) return { booking: first, replayed: true };
      }
    }
  }
}
