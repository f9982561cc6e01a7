import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

/*
 * The till: POS orders and their lines, per-staff favourites, promotions and their
 * usages, gift cards and their movements, the loyalty points ledger, packages and the
 * prepaid credits they leave a client. Money is integer cents; every amount that may never
 * go negative carries a check constraint, so a bug or a race is refused by the database.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = primaryId(dialect);
  const money = (name: string) => sql.raw(`${name} >= 0`);

  await db.schema
    .createTable('promotions')
    .addColumn('id', 'integer', id)
    .addColumn('code', 'text', (c) => c.notNull().unique()) // upper-cased
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('discount_type', 'text', (c) => c.notNull().check(sql`discount_type in ('percentage', 'fixed')`))
    // percentage: hundredths of a percent (10 % = 1000); fixed: cents
    .addColumn('discount_value', 'integer', (c) => c.notNull().check(money('discount_value')))
    .addColumn('valid_from', 'text') // YYYY-MM-DD, salon time zone, inclusive
    .addColumn('valid_to', 'text')
    .addColumn('usage_limit', 'integer')
    .addColumn('per_client_limit', 'integer')
    .addColumn('applies_to', 'text', (c) => c.notNull()) // JSON array of item types
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('gift_cards')
    .addColumn('id', 'integer', id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('initial_value', 'integer', (c) => c.notNull().check(sql`initial_value > 0`))
    .addColumn('balance', 'integer', (c) => c.notNull())
    .addColumn('expires_on', 'text') // YYYY-MM-DD, last valid day in the salon time zone
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null')) // the buyer
    .addColumn('recipient_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recipient_email', 'text')
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sold_order_id', 'integer') // set after the order row exists; see pos_orders
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('gift_cards_balance_range', sql`balance >= 0 and balance <= initial_value`)
    .execute();
  await db.schema.createIndex('gift_cards_created').on('gift_cards').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('packages')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer', (c) => c.notNull().check(money('price')))
    .addColumn('vat_rate_id', 'integer', (c) => c.references('vat_rates.id').onDelete('restrict'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('package_services')
    .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint('package_services_pk', ['package_id', 'service_id'])
    .execute();
  await db.schema.createIndex('package_services_service').on('package_services').column('service_id').execute();

  await db.schema
    .createTable('pos_orders')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('restrict'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('payment_method', 'text', (c) => c.notNull().check(sql`payment_method in ('cash', 'card', 'online')`))
    .addColumn('payment_status', 'text', (c) => c.notNull().check(sql`payment_status in ('paid', 'pending', 'failed')`))
    .addColumn('subtotal', 'integer', (c) => c.notNull().check(money('subtotal')))
    .addColumn('discount_amount', 'integer', (c) => c.notNull().check(money('discount_amount')))
    .addColumn('loyalty_amount', 'integer', (c) => c.notNull().check(money('loyalty_amount')))
    .addColumn('total', 'integer', (c) => c.notNull().check(money('total')))
    .addColumn('gift_card_amount', 'integer', (c) => c.notNull().check(money('gift_card_amount')))
    .addColumn('gift_cards_sold', 'integer', (c) => c.notNull().check(money('gift_cards_sold')))
    .addColumn('amount_due', 'integer', (c) => c.notNull().check(money('amount_due')))
    .addColumn('vat_total', 'integer', (c) => c.notNull().check(money('vat_total')))
    .addColumn('promotion_id', 'integer', (c) => c.references('promotions.id').onDelete('restrict'))
    .addColumn('discount_code', 'text')
    .addColumn('gift_card_id', 'integer', (c) => c.references('gift_cards.id').onDelete('restrict'))
    .addColumn('loyalty_points_redeemed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('loyalty_points_earned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('pos_orders_total', sql`total = subtotal - discount_amount - loyalty_amount`)
    .addCheckConstraint('pos_orders_amount_due', sql`amount_due = total - gift_card_amount + gift_cards_sold`)
    .execute();
  await db.schema.createIndex('pos_orders_created').on('pos_orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('pos_orders_client').on('pos_orders').columns(['client_id', 'created_at']).execute();
  await db.schema.createIndex('pos_orders_staff').on('pos_orders').columns(['staff_id', 'created_at']).execute();
  await db.schema.createIndex('pos_orders_promotion').on('pos_orders').column('promotion_id').execute();
  await db.schema.createIndex('pos_orders_gift_card').on('pos_orders').column('gift_card_id').execute();
  await db.schema.createIndex('gift_cards_sold_order').on('gift_cards').column('sold_order_id').execute();

  await db.schema
    .createTable('client_packages')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('restrict'))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('restrict'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('pos_orders.id').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull()) // snapshot
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('client_packages_client').on('client_packages').columns(['client_id', 'id']).execute();
  await db.schema
    .createTable('client_package_credits')
    .addColumn('id', 'integer', id)
    .addColumn('client_package_id', 'integer', (c) => c.notNull().references('client_packages.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('restrict'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('restrict'))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('remaining', 'integer', (c) => c.notNull())
    .addCheckConstraint('client_package_credits_range', sql`remaining >= 0 and remaining <= total`)
    .execute();
  await db.schema
    .createIndex('client_package_credits_use')
    .on('client_package_credits')
    .columns(['client_id', 'service_id', 'id'])
    .execute();
  await db.schema
    .createIndex('client_package_credits_package')
    .on('client_package_credits')
    .column('client_package_id')
    .execute();

  await db.schema
    .createTable('pos_order_items')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('pos_orders.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull().check(sql`item_type in ('service', 'product', 'package')`))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('price', 'integer', (c) => c.notNull().check(money('price')))
    .addColumn('line_total', 'integer', (c) => c.notNull().check(money('line_total')))
    .addColumn('vat_rate', 'integer', (c) => c.notNull()) // hundredths of a percent
    .addColumn('vat_amount', 'integer', (c) => c.notNull().check(money('vat_amount')))
    .addColumn('discount_amount', 'integer', (c) => c.notNull().check(money('discount_amount')))
    .addColumn('loyalty_amount', 'integer', (c) => c.notNull().check(money('loyalty_amount')))
    // a service line paid with package credits
    .addColumn('client_package_id', 'integer', (c) => c.references('client_packages.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('pos_order_items_order').on('pos_order_items').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('pos_order_items_item').on('pos_order_items').columns(['item_type', 'item_id']).execute();

  await db.schema
    .createTable('promotion_usages')
    .addColumn('id', 'integer', id)
    .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('pos_orders.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('restrict'))
    .addColumn('discount_amount', 'integer', (c) => c.notNull().check(money('discount_amount')))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('promotion_usages_promotion')
    .on('promotion_usages')
    .columns(['promotion_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('promotion_usages_created')
    .on('promotion_usages')
    .columns(['created_at', 'promotion_id'])
    .execute();

  await db.schema
    .createTable('gift_card_transactions')
    .addColumn('id', 'integer', id)
    .addColumn('gift_card_id', 'integer', (c) => c.notNull().references('gift_cards.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('issue', 'redeem')`))
    .addColumn('amount', 'integer', (c) => c.notNull()) // signed: + issue, - redeem
    .addColumn('balance_after', 'integer', (c) => c.notNull().check(money('balance_after')))
    .addColumn('order_id', 'integer', (c) => c.references('pos_orders.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gift_card_transactions_card')
    .on('gift_card_transactions')
    .columns(['gift_card_id', 'id'])
    .execute();
  await db.schema.createIndex('gift_card_transactions_order').on('gift_card_transactions').column('order_id').execute();

  // A ledger, not a counter: the balance is the sum of a client's entries, and every entry
  // says why (earned on an order, redeemed on an order, corrected by an admin).
  await db.schema
    .createTable('loyalty_ledger')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('restrict'))
    .addColumn('points', 'integer', (c) => c.notNull().check(sql`points <> 0`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('earn', 'redeem', 'adjust')`))
    .addColumn('order_id', 'integer', (c) => c.references('pos_orders.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('loyalty_ledger_client').on('loyalty_ledger').columns(['client_id', 'id']).execute();
  await db.schema.createIndex('loyalty_ledger_order').on('loyalty_ledger').column('order_id').execute();

  await db.schema
    .createTable('pos_favorites')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull().check(sql`item_type in ('service', 'product', 'package')`))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('pos_favorites_item', ['user_id', 'item_type', 'item_id'])
    .execute();
  await db.schema.createIndex('pos_favorites_user').on('pos_favorites').columns(['user_id', 'position']).execute();
}
