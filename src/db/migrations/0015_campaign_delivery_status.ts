import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * A finished campaign tells how its delivery went: `sent`, `partly_failed` or `failed`. The
 * status CHECK of 0009 is widened. SQLite cannot alter a constraint, so the table is rebuilt
 * under the same definition (the documented way: copy, drop, rename, with foreign keys off so
 * dropping the old table neither cascades to campaign_recipients nor is refused).
 */

const STATUSES = sql`status in ('draft', 'sending', 'sent', 'partly_failed', 'failed')`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table campaigns drop constraint campaigns_status_check`.execute(db);
    await sql`alter table campaigns add constraint campaigns_status_check check (${STATUSES})`.execute(db);
    return;
  }

  // Outside any transaction (SQLite ignores this pragma inside one); the rebuild itself is one.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await db.schema
        .createTable('campaigns_rebuilt')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('blocks', 'text', (c) => c.notNull())
        .addColumn('segment_filters', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft').check(STATUSES))
        .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sent_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('promotion_id', 'integer', (c) => c.unique().references('promotions.id').onDelete('set null'))
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await sql`insert into campaigns_rebuilt (id, name, subject, blocks, segment_filters, status,
          recipient_count, sent_count, failed_count, skipped_count, created_by, promotion_id,
          started_at, finished_at, created_at, updated_at)
        select id, name, subject, blocks, segment_filters, status,
          recipient_count, sent_count, failed_count, skipped_count, created_by, promotion_id,
          started_at, finished_at, created_at, updated_at
        from campaigns`.execute(db);
      await sql`drop table campaigns`.execute(db);
      await sql`alter table campaigns_rebuilt rename to campaigns`.execute(db);
      // Every reference into campaigns (campaign_recipients) must still hold.
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('campaigns rebuild broke a foreign key');
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
