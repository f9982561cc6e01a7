import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { asActor, type Actor } from './history.js';

/*
 * The Idempotency-Key of every create that books (the booking page's bookings and visits, the
 * desk's bookings, visits and series): a retry with the key of a request that booked answers
 * that first result again instead of booking twice. One mechanism for every caller: the key
 * row is claimed first inside the booking's transaction, so a concurrent retry waits on the
 * key's unique index and then finds the first result; a request that fails leaves no key.
 */

/**
 * The header's form. Checked by hand: a `headers` schema would have validation drop every
 * other header, Authorization included.
 */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,128}$/;

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
  /**
   * What is asked (`kind` keeps a visit's keys apart from a single booking's, the desk's from
   * the booking page's), and by whom: the signed-in client's id (null for a stranger) on the
   * booking page, `user:<id>` at the desk, so one person's key never answers another's request.
   */
  kind: string;
  body: unknown;
  as: number | string | null;
  /** Who the booking's history names for what this transaction writes (the desk's user, or the client online). */
  actor: Actor;
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
        as: request.as,
        // A single booking's hash is the one its keys were always stored with.
        ...(request.kind === 'booking' ? {} : { kind: request.kind }),
      }),
    )
    .digest('hex');
  const first = await replayed(ctx, request, hash);
  if (first !== null) return { result: first, replayed: true };

  const { key } = request;
  const attempt = () =>
    ctx.db.transaction().execute(
      asActor(request.actor, async (trx) => {
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

/** What the routes of the desk's creates (a booking, a visit, a series) say of their retries. */
export const IDEMPOTENT =
  'An `Idempotency-Key` header (8–128 of `A-Za-z0-9._:-`, an extension) makes a retry safe: the same key with the same body from the same user answers the first result again (the booking as it now is, header `Idempotent-Replayed: true`), also when the retry races the first request, and books nothing twice; the same key with another body (or from another user) is 409 `idempotency_key_reused`. A request that failed leaves no key behind. A malformed key: 400 `validation_failed`.';
