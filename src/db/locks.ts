import type { Dialect } from './connection.js';

interface Lockable<Q> {
  forUpdate(): Q;
  forNoKeyUpdate(): Q;
  forKeyShare(): Q;
}

/**
 * `update`: the row will change. `no key update`: the row is held still and its key never
 * changes, so inserts that reference it are not blocked. `key share`: the row is only
 * referenced (a new row points at it), so it cannot be deleted or have its key changed
 * meanwhile, while other writers of its other columns are not blocked.
 */
export type LockStrength = 'update' | 'no key update' | 'key share';

/**
 * Makes a select lock the rows it reads until the transaction ends, where the engine needs
 * it. PostgreSQL takes row locks of the given strength (`FOR UPDATE`, `FOR NO KEY UPDATE`,
 * `FOR KEY SHARE`; see LockStrength); SQLite has none and needs none: its write transactions start with BEGIN IMMEDIATE and are
 * exclusive, so nobody else can change the row meanwhile. No dialect: a plain read, no lock.
 */
export function lockRows<Q extends Lockable<Q>>(
  query: Q,
  dialect: Dialect | undefined,
  strength: LockStrength = 'update',
): Q {
  if (dialect !== 'postgres') return query;
  if (strength === 'key share') return query.forKeyShare();
  return strength === 'update' ? query.forUpdate() : query.forNoKeyUpdate();
}
