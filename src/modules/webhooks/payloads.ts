import type { Executor } from '../../db/executor.js';
import { readTimezone } from '../../db/settings.js';
import { fromCents } from '../../lib/money.js';
import { formatInstant } from '../../lib/time.js';
import type { WebhookResourceKind } from './event-types.js';

/*
 * The `data` of each event: the resource's id, its references as ids, and the fields another
 * system can act on, in the formats of the REST API (money in currency units, times as
 * `YYYY-MM-DD HH:MM:SS` in the salon's time zone). Never what is internal or a credential
 * (internal notes, tokens, password hashes); a client's notes and birthday stay in the salon.
 * Read in the transaction of the change, so the payload is the state the change committed.
 */

type Data = Record<string, unknown>;

async function booking(db: Executor, id: number, timezone: string): Promise<Data> {
  const row = await db
    .selectFrom('bookings as b')
    .innerJoin('services as s', 's.id', 'b.service_id')
    .innerJoin('users as u', 'u.id', 'b.staff_id')
    .select([
      'b.id',
      'b.status',
      'b.client_id',
      'b.staff_id',
      'u.name as staff_name',
      'b.service_id',
      's.name as service_name',
      'b.location_id',
      'b.visit_id',
      'b.series_id',
      'b.start_at',
      'b.end_at',
      'b.price',
      'b.notes',
      'b.deposit_amount',
      'b.deposit_status',
      'b.client_confirmed_at',
      'b.created_at',
      'b.updated_at',
    ])
    .where('b.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    ...row,
    price: fromCents(row.price),
    deposit_amount: row.deposit_amount === null ? null : fromCents(row.deposit_amount),
    client_confirmed_at: formatInstant(row.client_confirmed_at, timezone),
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

async function client(db: Executor, id: number, timezone: string): Promise<Data> {
  const row = await db
    .selectFrom('clients')
    .select([
      'id',
      'name',
      'email',
      'phone',
      'language',
      'marketing_consent',
      'sms_consent',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    ...row,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

async function posOrder(db: Executor, id: number, timezone: string): Promise<Data> {
  const row = await db
    .selectFrom('pos_orders')
    .select([
      'id',
      'client_id',
      'staff_id',
      'payment_method',
      'payment_status',
      'total',
      'amount_due',
      'cash_amount',
      'vat_total',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('pos_order_items')
    .select(['item_type', 'item_id', 'name', 'quantity', 'line_total'])
    .where('order_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    ...row,
    total: fromCents(row.total),
    amount_due: fromCents(row.amount_due),
    // Split payment: the part paid in cash at the till (0 when none).
    cash_amount: fromCents(row.cash_amount),
    vat_total: fromCents(row.vat_total),
    items: items.map((item) => ({ ...item, line_total: fromCents(item.line_total) })),
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

async function product(db: Executor, id: number): Promise<Data> {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'quantity_on_hand', 'low_stock_threshold', 'supplier_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function review(db: Executor, id: number, timezone: string): Promise<Data> {
  const row = await db
    .selectFrom('reviews')
    .select(['id', 'booking_id', 'staff_id', 'client_id', 'rating', 'comment', 'published', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...row, created_at: formatInstant(row.created_at, timezone) };
}

async function purchaseOrder(db: Executor, id: number, timezone: string): Promise<Data> {
  const row = await db
    .selectFrom('purchase_orders')
    .select(['id', 'order_number', 'supplier_id', 'status', 'order_date', 'received_date', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('purchase_order_items')
    .select(['product_id', 'quantity'])
    .where('purchase_order_id', '=', id)
    .orderBy('id')
    .execute();
  return { ...row, items, updated_at: formatInstant(row.updated_at, timezone) };
}

/** The event's `data` for the resource as it is now in `db` (the change's transaction). */
export async function payloadData(db: Executor, kind: WebhookResourceKind, id: number, erased: boolean): Promise<Data> {
  // An erased client is announced by id only: the event exists to make other systems forget.
  if (erased) return { id };
  const timezone = await readTimezone(db);
  switch (kind) {
    case 'booking':
      return booking(db, id, timezone);
    case 'client':
      return client(db, id, timezone);
    case 'pos_order':
      return posOrder(db, id, timezone);
    case 'product':
      return product(db, id);
    case 'review':
      return review(db, id, timezone);
    case 'purchase_order':
      return purchaseOrder(db, id, timezone);
  }
}
