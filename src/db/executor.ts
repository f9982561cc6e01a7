import type { Kysely, Transaction } from 'kysely';
import type { DB } from './types.js';

/**
 * What a data function runs its queries on: the database, or the caller's transaction. A
 * helper that must run inside a transaction takes a `Transaction<DB>` instead, so the type
 * says which it needs.
 */
export type Executor = Kysely<DB> | Transaction<DB>;
