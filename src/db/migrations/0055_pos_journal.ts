import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

/*
 * The till journal: one row per sale (an order becoming paid), refund, void and cash movement,
 * appended in the transaction of what it records and never changed afterwards.
 *
 *  - `year`, `number`: a gap-free number per calendar year of the salon (the receipt number);
 *    unique, so two writers can never hold the same number.
 *  - `prev_hash`, `hash`: SHA-256 of the entry's canonical form, which includes the previous
 *    entry's hash, so changing, removing or inserting any entry breaks every hash after it.
 *  - `client_id`, `staff_id`: ids only. The journal holds no name, email or note, so erasing a
 *    client's personal data never has to touch a hashed entry.
 *
 * `pos_journal_head` is one row: the last entry's year, number, hash and id. Appending locks it
 * (on PostgreSQL a row lock held to commit; SQLite's write transactions are exclusive anyway),
 * so concurrent appends are serialised and the numbers follow each other without a gap or a
 * duplicate. It also lets a verification see an entry removed from the end of the journal.
 *
 * Triggers refuse UPDATE and DELETE on the journal: no code path of the service can rewrite an
 * entry by mistake. Someone with the database's owner rights can drop them; the chain of hashes
 * is what shows that.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('pos_journal')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull().check(sql`number > 0`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('sale', 'refund', 'void', 'cash')`))
    .addColumn('order_id', 'integer')
    .addColumn('refund_id', 'integer')
    .addColumn('client_id', 'integer')
    .addColumn('staff_id', 'integer')
    // cents, signed: money into the till positive, out of it negative
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('payment_method', 'text')
    // the entry's details as canonical JSON (lines, totals), hashed as text
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addUniqueConstraint('pos_journal_year_number', ['year', 'number'])
    .execute();
  await db.schema.createIndex('pos_journal_order').on('pos_journal').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('pos_journal_created').on('pos_journal').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('pos_journal_head')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('last_id', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('pos_journal_head')
    .values({ id: 1, year: 0, number: 0, hash: '0'.repeat(64), last_id: 0 })
    .execute();

  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function pos_journal_append_only() returns trigger language plpgsql as $$
         begin
           raise exception 'the till journal is append-only: entries are never changed or removed';
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger pos_journal_append_only before update or delete on pos_journal
         for each row execute function pos_journal_append_only()`,
      )
      .execute(db);
  } else {
    for (const event of ['update', 'delete']) {
      await sql
        .raw(
          `create trigger pos_journal_no_${event} before ${event} on pos_journal begin
             select raise(abort, 'the till journal is append-only: entries are never changed or removed');
           end`,
        )
        .execute(db);
    }
  }
}
