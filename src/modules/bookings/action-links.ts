import type { Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/executor.js';
import type { BookingActionPurpose } from '../../db/tables/public.js';
import type { DB } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { readTimezone } from '../settings/service.js';
import { instantOfWallClock } from './wall-clock.js';

/*
 * The links of the booking emails that let a client act on their booking without signing in:
 * confirm they will come (attend), cancel, move. Each link carries its own token, random
 * (256 bits) and stored only as its SHA-256 hash, like every other opaque token of the service.
 *
 * - Single use: the action a token is for marks it used, in the action's own transaction, so
 *   an action that is refused (too late, slot taken) leaves the token usable.
 * - Expiring: at the booking's start as it was when the links were issued. A moved booking's
 *   change email carries fresh links that expire at the new start; the rules of the cancellation
 *   window are checked on every use, whatever the token's expiry.
 */

export const ACTION_PURPOSES: readonly BookingActionPurpose[] = ['attend', 'cancel', 'move'];

export interface ActionLinks {
  attendUrl: string;
  cancelUrl: string;
  moveUrl: string;
}

/**
 * Writes one fresh token per action for the booking (in the caller's transaction) and returns
 * the web pages' links under the salon's public address.
 */
export async function issueActionLinks(
  executor: Executor,
  config: Pick<Config, 'publicBaseUrl'>,
  booking: { id: number },
): Promise<ActionLinks> {
  const row = await executor
    .selectFrom('bookings')
    .select('start_at')
    .where('id', '=', booking.id)
    .executeTakeFirstOrThrow();
  const expiresAt = instantOfWallClock(row.start_at, await readTimezone(executor))
    .toUTC()
    .toISO()!;
  const createdAt = nowIso();
  const tokens = new Map(ACTION_PURPOSES.map((purpose) => [purpose, randomToken()] as const));
  await executor
    .insertInto('booking_action_tokens')
    .values(
      [...tokens].map(([purpose, token]) => ({
        booking_id: booking.id,
        purpose,
        token_hash: hashToken(token),
        expires_at: expiresAt,
        used_at: null,
        created_at: createdAt,
      })),
    )
    .execute();
  const link = (purpose: BookingActionPurpose) =>
    `${config.publicBaseUrl}/booking/${purpose}?token=${encodeURIComponent(tokens.get(purpose)!)}`;
  return { attendUrl: link('attend'), cancelUrl: link('cancel'), moveUrl: link('move') };
}

export const tokenNotFound = () =>
  new AppError(404, 'token_not_found', 'This link is not valid; use the latest email from the salon');
const tokenUsed = () => new AppError(410, 'token_used', 'This link has been used already');
const tokenExpired = () => new AppError(410, 'token_expired', 'This link has expired');

export interface ActionToken {
  id: number;
  booking_id: number;
  purpose: BookingActionPurpose;
  expires_at: string;
}

/**
 * The token presented, or the refusal: unknown (or issued for another action) 404
 * `token_not_found`; used 410 `token_used`; expired 410 `token_expired`.
 */
export async function findActionToken(
  executor: Executor,
  token: string,
  purpose?: BookingActionPurpose,
  now: Date = new Date(),
): Promise<ActionToken> {
  const row = await executor
    .selectFrom('booking_action_tokens')
    .select(['id', 'booking_id', 'purpose', 'expires_at', 'used_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || (purpose !== undefined && row.purpose !== purpose)) throw tokenNotFound();
  if (row.used_at !== null) throw tokenUsed();
  if (row.expires_at <= now.toISOString()) throw tokenExpired();
  return { id: row.id, booking_id: row.booking_id, purpose: row.purpose, expires_at: row.expires_at };
}

/**
 * Uses the token up in the caller's transaction and returns its booking's id. The update
 * claims it only while unused: of two requests with one token, the second (waiting on the
 * row on PostgreSQL, behind BEGIN IMMEDIATE on SQLite) finds it used, 410.
 */
export async function useActionToken(
  trx: Transaction<DB>,
  token: string,
  purpose: BookingActionPurpose,
  now: Date = new Date(),
): Promise<number> {
  const found = await findActionToken(trx, token, purpose, now);
  const claimed = await trx
    .updateTable('booking_action_tokens')
    .set({ used_at: now.toISOString() })
    .where('id', '=', found.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw tokenUsed();
  return found.booking_id;
}
