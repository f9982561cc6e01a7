import type { Dialect } from './connection.js';

interface Lockable<Q> {
  forUpdate(): Q;
  forNoKeyUpdate(): Q;
}

/**
 * Makes a select lock the rows it reads until the transaction ends, where the engine needs
 * it. PostgreSQL takes row locks (`FOR UPDATE`, or `FOR NO KEY UPDATE` when the row is only
 * held still and its key is never changed, so inserts that reference it are not blocked);
 * SQLite has none and needs none: its write transactions start with BEGIN IMMEDIATE and are
 * exclusive, so nobody else can change the row meanwhile. No dialect: a plain read, no lock.
 */
export function lockRows<Q extends Lockable<Q>>(
  query: Q,
  dialect: Dialect | undefined,
  strength: 'update' | 'no key update' = 'update',
): Q {
  if (dialect !== 'postgres') return query;
  return strength === 'update' ? query.forUpdate() : query.forNoKeyUpdate();
}
