import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * Checking a booking (or a visit) out at the till, and the till's retried payments:
 *
 *  - `pos_orders.booking_id`: the booking the order checked out (a visit: the part the desk
 *    opened). At most one order that is not voided per booking: a unique partial index, so
 *    two desks checking out one booking at once cannot both charge it.
 *  - `pos_orders.deposit_amount`: the deposit the client already paid online for that booking,
 *    part of `amount_due` that the order's payment method does not collect again
 *    (cents, 0 ≤ deposit_amount ≤ amount_due).
 *  - `idempotency_keys.order_id`: the order a till's Idempotency-Key answers again.
 *  - `pos_order_items.staff_id`: who performed or sold the line (a visit's parts are done by
 *    several); null on the lines of older orders, whose order's staff member it was.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('pos_orders')
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('pos_orders')
    .addColumn('deposit_amount', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`deposit_amount >= 0 and deposit_amount <= amount_due`),
    )
    .execute();
  await sql`create unique index pos_orders_booking on pos_orders (booking_id) where booking_id is not null and voided_at is null`.execute(
    db,
  );
  await db.schema
    .alterTable('pos_order_items')
    .addColumn('staff_id', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema
    .alterTable('idempotency_keys')
    .addColumn('order_id', 'integer', (c) => c.references('pos_orders.id').onDelete('cascade'))
    .execute();
}
