import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { badRequest, conflict } from '../lib/errors.js';
import { nowIso } from '../lib/time.js';
import { isUniqueViolation } from './errors.js';
import type { DB } from './types.js';

/*
 * The Idempotency-Key of a create whose retry must not happen twice: the desk's and the
 * booking page's bookings (the bookings module), and the till's orders (a payment whose
 * answer was lost). The key row is claimed first inside the create's transaction, so a
 * concurrent retry waits on the key's unique index and then finds the first result; a
 * request that fails leaves no key. The row names what the first request made, in the
 * column of its kind (`booking_id`, `order_id`).
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

/** What a key's row records of the first request: a booking, or a till order. */
export type IdempotentTarget = 'booking_id' | 'order_id';

export interface KeyedCreate<T> {
  /** The Idempotency-Key header, when sent. */
  key: string | undefined;
  /** sha256 of what is asked and by whom (idempotencyHash): another body with the key is refused. */
  hash: string;
  target: IdempotentTarget;
  /** The first result again, from the record its key names. */
  replay: (recordId: number) => Promise<T>;
  /** Creates in the transaction; returns the result and the record the key names. */
  create: (trx: Transaction<DB>) => Promise<{ result: T; recordId: number }>;
  /** Wraps the transaction's work (e.g. to tell the booking history who writes). */
  wrap?: (work: (trx: Transaction<DB>) => Promise<T>) => (trx: Transaction<DB>) => Promise<T>;
}

/** The hash a key's row keeps of its request. */
export function idempotencyHash(fields: object): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** The first result of a key, or null when the key is new. */
async function replayed<T>(db: Kysely<DB>, request: KeyedCreate<T>): Promise<T | null> {
  if (request.key === undefined) return null;
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'booking_id', 'order_id'])
    .where('key', '=', request.key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== request.hash) {
    throw conflict('idempotency_key_reused', 'This Idempotency-Key was used for a different request');
  }
  const recordId = row[request.target];
  if (recordId === null) throw conflict('idempotency_key_in_use', 'A request with this key is still running');
  return request.replay(recordId);
}

/** Forgets a key whose record was undone before its answer: a retry with it creates afresh. */
export async function forgetIdempotencyKey(db: Kysely<DB>, key: string | undefined): Promise<void> {
  if (key !== undefined) await db.deleteFrom('idempotency_keys').where('key', '=', key).execute();
}

/**
 * Creates once per Idempotency-Key: a key seen before answers its first result (or 409 when the
 * body differs), a new one is claimed inside the create's transaction.
 */
export async function createIdempotently<T>(
  db: Kysely<DB>,
  request: KeyedCreate<T>,
  /** What else a unique violation may mean, tried again (a new client's email taken meanwhile). */
  rounds = 3,
): Promise<{ result: T; replayed: boolean }> {
  const first = await replayed(db, request);
  if (first !== null) return { result: first, replayed: true };

  const { key, target } = request;
  const work = async (trx: Transaction<DB>): Promise<T> => {
    // Claimed first: a concurrent retry with this key waits here, then fails on the key.
    if (key !== undefined) {
      await trx
        .insertInto('idempotency_keys')
        .values({ key, request_hash: request.hash, booking_id: null, order_id: null, created_at: nowIso() })
        .execute();
    }
    const { result, recordId } = await request.create(trx);
    if (key !== undefined) {
      await trx
        .updateTable('idempotency_keys')
        .set({ [target]: recordId })
        .where('key', '=', key)
        .execute();
    }
    return result;
  };
  const attempt = () => db.transaction().execute(request.wrap ? request.wrap(work) : work);

  // A unique violation means a concurrent request won a race: the same Idempotency-Key
  // (answer its result), or another unique value taken meanwhile (try again).
  for (let round = 1; ; round += 1) {
    try {
      return { result: await attempt(), replayed: false };
    } catch (error) {
      if (!isUniqueViolation(error) || round >= rounds) throw error;
      const again = await replayed(db, request);
      if (again !== null) return { result: again, replayed: true };
    }
  }
}
