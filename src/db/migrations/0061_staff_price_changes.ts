import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * `settings.staff_price_changes_enabled` (0/1): whether a staff member (not an admin) may charge
 * a till line at another price than the catalogue's. On (1) by default, since POST /api/pos has
 * always taken a line's price from any signed-in member: the owner turns it off to keep prices
 * for admins.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('staff_price_changes_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
