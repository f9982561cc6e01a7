import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * Failed sign-ins per (account, address) pair, for staff and for the booking page's clients.
 * A limit per account alone let anyone who knows an email lock its owner out; per pair, the
 * guessing address is slowed with growing delays while the owner's own address is not.
 * `account` is a hash of the email as typed (which need not belong to anyone), so the table
 * holds no addresses of people who never signed up. One row per pair, changed under its lock.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('staff', 'client')`))
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    // No attempt from this pair is checked before this instant ('' when none is held back).
    .addColumn('blocked_until', 'text', (c) => c.notNull())
    // Failures are forgotten a while after the last one (the maintenance purge).
    .addColumn('last_failure_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_failures_pk', ['kind', 'account', 'address'])
    .execute();
  await db.schema
    .createIndex('sign_in_failures_last_failure')
    .on('sign_in_failures')
    .column('last_failure_at')
    .execute();
}
