import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * Indexes for the reports: each report is one range scan over an index that also
 * carries the summed columns, so years of data are read once, never row by row.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  void dialect;
  // Revenue (sales-summary, staff-performance, dashboard): paid orders in a created_at range.
  await db.schema
    .createIndex('pos_orders_paid_created')
    .on('pos_orders')
    .columns(['payment_status', 'created_at', 'staff_id', 'total'])
    .execute();
  // Completed bookings per staff in a range (staff-performance), scheduled ones ahead (forecast).
  await db.schema
    .createIndex('bookings_status_start')
    .on('bookings')
    .columns(['status', 'start_at', 'staff_id', 'price'])
    .execute();
  // Ratings in a range (staff-performance).
  await db.schema.createIndex('reviews_created').on('reviews').columns(['created_at', 'staff_id', 'rating']).execute();
  // Redemptions in a range (gift-cards).
  await db.schema
    .createIndex('gift_card_transactions_created')
    .on('gift_card_transactions')
    .columns(['created_at', 'type', 'amount'])
    .execute();
}
