import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * What a receipt shows beyond the sale itself:
 *  - `kvk_number`: the salon's Chamber of Commerce number, beside its VAT number (`btw_number`);
 *  - `pos_orders.cash_tendered`: the cash the client handed over (cents), so the receipt can
 *    show the change given; null when the till did not say (and for every other method).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('kvk_number', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('pos_orders').addColumn('cash_tendered', 'integer').execute();
}
