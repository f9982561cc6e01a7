import type { AppContext } from '../../context.js';
import { createIdempotently, forgetIdempotencyKey as forgetKey, idempotencyHash } from '../../db/idempotency.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types.js';
import { asActor, type Actor } from './history.js';

/*
 * The Idempotency-Key of every create that books (the booking page's bookings and visits, the
 * desk's bookings, visits and series): a retry with the key of a request that booked answers
 * that first result again instead of booking twice. The mechanism is the database layer's
 * (db/idempotency.ts), shared with the till's orders; here it learns who writes the booking's
 * history and which booking its key names.
 */

export { IDEMPOTENCY_KEY, idempotencyKeyOf } from '../../db/idempotency.js';

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

/**
 * Forgets a key whose booking was undone before its answer (the deposit could not be started):
 * a retry with it books afresh instead of answering the undone booking.
 */
export async function forgetIdempotencyKey(ctx: AppContext, key: string | undefined): Promise<void> {
  await forgetKey(ctx.db, key);
}

/**
 * Books once per Idempotency-Key: a key seen before answers its first result (or 409 when the
 * body differs), a new one is claimed inside the booking's transaction. A unique violation
 * may also be the same new client's email booked concurrently: booked again, the client exists now.
 */
export async function bookIdempotently<T>(
  ctx: AppContext,
  request: IdempotentRequest<T>,
): Promise<{ result: T; replayed: boolean }> {
  const hash = idempotencyHash({
    ...(request.body as object),
    as: request.as,
    // A single booking's hash is the one its keys were always stored with.
    ...(request.kind === 'booking' ? {} : { kind: request.kind }),
  });
  return createIdempotently(ctx.db, {
    key: request.key,
    hash,
    target: 'booking_id',
    replay: request.replay,
    create: async (trx) => {
      const { result, bookingId } = await request.book(trx);
      return { result, recordId: bookingId };
    },
    wrap: (work) => asActor(request.actor, work),
  });
}

/** What the routes of the desk's creates (a booking, a visit, a series) say of their retries. */
export const IDEMPOTENT =
  'An `Idempotency-Key` header (8–128 of `A-Za-z0-9._:-`, an extension) makes a retry safe: the same key with the same body from the same user answers the first result again (the booking as it now is, header `Idempotent-Replayed: true`), also when the retry races the first request, and books nothing twice; the same key with another body (or from another user) is 409 `idempotency_key_reused`. A request that failed leaves no key behind. A malformed key: 400 `validation_failed`.';
