import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

/*
 * The cash drawer's days and their Z reports. The till has no locations (an order belongs to
 * the salon), so there is one drawer for the salon.
 *
 *  - `open_slot` is 1 while the day is open and null once it is closed; being unique, it lets
 *    only one day be open at a time, whatever two desks try at once.
 *  - A day's sales, refunds, voids and cash movements are the till journal's entries after
 *    `from_journal_id` (the previous day's close entry) up to its own close entry
 *    (`close_journal_id`): the journal is append-only and gap-free, so a day's range is fixed
 *    at the close and an entry after it belongs to the next day.
 *  - `z_year`, `z_number`: the Z report's number, gap-free per year of the close; `figures`
 *    the report as computed at the close (JSON text), so it never changes when rows it was
 *    computed from are later read differently.
 *
 * Triggers refuse any update or delete of a closed day: its Z report is locked.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('pos_drawer_days')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('open_slot', 'integer', (c) => c.unique().check(sql`open_slot = 1`))
    .addColumn('float_amount', 'integer', (c) => c.notNull().check(sql`float_amount >= 0`))
    .addColumn('from_journal_id', 'integer', (c) => c.notNull())
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('opened_by', 'integer')
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'integer')
    .addColumn('close_journal_id', 'integer')
    .addColumn('z_year', 'integer')
    .addColumn('z_number', 'integer')
    .addColumn('figures', 'text')
    .addUniqueConstraint('pos_drawer_days_z', ['z_year', 'z_number'])
    .execute();
  await db.schema.createIndex('pos_drawer_days_closed').on('pos_drawer_days').columns(['closed_at', 'id']).execute();

  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function pos_drawer_day_locked() returns trigger language plpgsql as $$
         begin
           raise exception 'a closed day of the cash drawer is locked: its Z report never changes';
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger pos_drawer_day_locked before update or delete on pos_drawer_days
         for each row when (old.closed_at is not null) execute function pos_drawer_day_locked()`,
      )
      .execute(db);
  } else {
    for (const event of ['update', 'delete']) {
      await sql
        .raw(
          `create trigger pos_drawer_day_locked_${event} before ${event} on pos_drawer_days
           when old.closed_at is not null begin
             select raise(abort, 'a closed day of the cash drawer is locked: its Z report never changes');
           end`,
        )
        .execute(db);
    }
  }
}
