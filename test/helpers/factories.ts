import type { Insertable, Kysely } from 'kysely';
import type { PosOrderItemsTable, PosOrdersTable } from '../../src/db/tables/pos.js';
import type { BookingsTable, DB, ProductsTable } from '../../src/db/types.js';

let counter = 0;

/**
 * A product row written straight to the database, for tests of other modules that need
 * stock to exist (purchase orders, sales). Money in cents. Tests of the product API itself
 * create products through the API instead.
 */
export async function insertProduct(
  db: Kysely<DB>,
  overrides: Partial<Omit<ProductsTable, 'id'>> = {},
): Promise<{ id: number; name: string; sku: string; quantity_on_hand: number }> {
  counter += 1;
  const now = new Date().toISOString();
  return db
    .insertInto('products')
    .values({
      name: `Test product ${process.pid}-${counter}`,
      sku: `SKU-${process.pid}-${counter}`,
      price: 1995,
      purchase_price: 900,
      quantity_on_hand: 10,
      low_stock_threshold: 5,
      category_id: null,
      supplier_id: null,
      vat_rate_id: null,
      ean_code: '',
      article_number: `TEST${process.pid}${counter}`,
      active: 1,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returning(['id', 'name', 'sku', 'quantity_on_hand'])
    .executeTakeFirstOrThrow();
}

/**
 * A POS order row written straight to the database (reports, segments and automations need
 * orders at chosen times and statuses without going through the till). Money in cents; by
 * default a paid cash order with `subtotal = total + discount_amount`, due in full, created now.
 */
export async function insertPosOrder(
  db: Kysely<DB>,
  fields: Pick<Insertable<PosOrdersTable>, 'client_id' | 'staff_id' | 'total'> & Partial<Insertable<PosOrdersTable>>,
): Promise<number> {
  const createdAt = fields.created_at ?? new Date().toISOString();
  const discount = fields.discount_amount ?? 0;
  const row = await db
    .insertInto('pos_orders')
    .values({
      payment_method: 'cash',
      payment_status: 'paid',
      subtotal: fields.total + discount,
      discount_amount: discount,
      loyalty_amount: 0,
      gift_card_amount: 0,
      gift_cards_sold: 0,
      amount_due: fields.total,
      vat_total: 0,
      promotion_id: null,
      discount_code: null,
      gift_card_id: null,
      loyalty_points_redeemed: 0,
      loyalty_points_earned: 0,
      notes: '',
      updated_at: createdAt,
      ...fields,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type OrderLineFields = Pick<
  Insertable<PosOrderItemsTable>,
  'item_type' | 'item_id' | 'quantity' | 'line_total'
> &
  Partial<Insertable<PosOrderItemsTable>>;

/** Lines of an order, in one statement as the till writes them; no VAT, unit price from the total. */
export async function insertOrderLines(db: Kysely<DB>, orderId: number, lines: OrderLineFields[]): Promise<void> {
  await db
    .insertInto('pos_order_items')
    .values(
      lines.map((line) => ({
        name: 'sold',
        price: Math.round(line.line_total / line.quantity),
        vat_rate: 0,
        vat_amount: 0,
        discount_amount: 0,
        loyalty_amount: 0,
        client_package_id: null,
        ...line,
        order_id: orderId,
      })),
    )
    .execute();
}

/** A booking row written straight to the database, bypassing the booking rules (overlap, hours). */
export async function insertBooking(
  db: Kysely<DB>,
  fields: Pick<
    Insertable<BookingsTable>,
    'client_id' | 'staff_id' | 'service_id' | 'start_at' | 'end_at' | 'status' | 'price'
  > &
    Partial<Insertable<BookingsTable>>,
): Promise<number> {
  const createdAt = fields.created_at ?? new Date().toISOString();
  const row = await db
    .insertInto('bookings')
    .values({ notes: '', internal_notes: '', updated_at: createdAt, ...fields, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
