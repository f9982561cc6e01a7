import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = primaryId(dialect);
  const money = 'integer'; // cents

  // One counter per sequence name and period ('' for sequences that never restart, the
  // two-digit year for IO). Advanced by a single upsert, atomic on both engines.
  await db.schema
    .createTable('sequences')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sequences_pk', ['name', 'period'])
    .execute();

  for (const table of ['service_categories', 'product_categories']) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('color', 'text', (c) => c.notNull().defaultTo('#6e56cf'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_position`).on(table).columns(['position', 'id']).execute();
  }

  await db.schema
    .createTable('services')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('duration_min', 'integer', (c) => c.notNull().check(sql`duration_min > 0`))
    .addColumn('price', money, (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('category_id', 'integer', (c) => c.references('service_categories.id').onDelete('set null'))
    .addColumn('vat_rate_id', 'integer', (c) => c.references('vat_rates.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    // Archived (0) instead of deleted once bookings refer to it, so history stays whole.
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('services_active_position')
    .on('services')
    .columns(['active', 'position', 'id'])
    .execute();
  await db.schema.createIndex('services_category').on('services').column('category_id').execute();

  await db.schema
    .createTable('suppliers')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contact_person', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('creditor_number', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Lists are ordered by lower(name), id: the same on both engines whatever the collation.
  await db.schema
    .createIndex('suppliers_name')
    .on('suppliers')
    .expression(sql`lower(name), id`)
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('price', money, (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('purchase_price', money, (c) => c.notNull().check(sql`purchase_price >= 0`))
    .addColumn('quantity_on_hand', 'integer', (c) => c.notNull())
    .addColumn('low_stock_threshold', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('category_id', 'integer', (c) => c.references('product_categories.id').onDelete('set null'))
    .addColumn('supplier_id', 'integer', (c) => c.references('suppliers.id').onDelete('restrict'))
    .addColumn('vat_rate_id', 'integer', (c) => c.references('vat_rates.id').onDelete('restrict'))
    .addColumn('ean_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('article_number', 'text', (c) => c.notNull().unique())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Lists are ordered by lower(name), id: the same on both engines whatever the collation.
  await db.schema
    .createIndex('products_name')
    .on('products')
    .expression(sql`lower(name), id`)
    .execute();
  await db.schema.createIndex('products_supplier').on('products').columns(['supplier_id', 'name']).execute();
  await db.schema.createIndex('products_category').on('products').column('category_id').execute();
  await db.schema.createIndex('products_sku').on('products').column('sku').execute();

  await db.schema
    .createTable('purchase_orders')
    .addColumn('id', 'integer', id)
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id').onDelete('restrict'))
    .addColumn('staff_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('order_date', 'text', (c) => c.notNull())
    .addColumn('expected_date', 'text')
    .addColumn('received_date', 'text')
    .addColumn('packing_slip_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('packing_slip_key', 'text')
    .addColumn('packing_slip_name', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('created', 'ordered', 'received', 'cancelled')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('purchase_orders_supplier')
    .on('purchase_orders')
    .columns(['supplier_id', 'id'])
    .execute();
  await db.schema.createIndex('purchase_orders_status').on('purchase_orders').columns(['status', 'id']).execute();
  await db.schema.createIndex('purchase_orders_received_date').on('purchase_orders').column('received_date').execute();

  await db.schema
    .createTable('purchase_order_items')
    .addColumn('id', 'integer', id)
    .addColumn('purchase_order_id', 'integer', (c) => c.notNull().references('purchase_orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_cost', money, (c) => c.notNull().check(sql`unit_cost >= 0`))
    .execute();
  await db.schema
    .createIndex('purchase_order_items_order')
    .on('purchase_order_items')
    .column('purchase_order_id')
    .execute();
  await db.schema.createIndex('purchase_order_items_product').on('purchase_order_items').column('product_id').execute();

  await db.schema
    .createTable('stock_transactions')
    .addColumn('id', 'integer', id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
    .addColumn('delta', 'integer', (c) => c.notNull().check(sql`delta <> 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('quantity_after', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('purchase_order_id', 'integer', (c) => c.references('purchase_orders.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_transactions_product')
    .on('stock_transactions')
    .columns(['product_id', 'created_at'])
    .execute();
  await db.schema.createIndex('stock_transactions_created').on('stock_transactions').column('created_at').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('notifications_user_unread')
    .on('notifications')
    .columns(['user_id', 'is_read', 'id'])
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('email', 'integer', (c) => c.notNull())
    .addColumn('push', 'integer', (c) => c.notNull())
    .addColumn('in_app', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'type'])
    .execute();
}
