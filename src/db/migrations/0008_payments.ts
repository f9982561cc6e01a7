import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = primaryId(dialect);

  // One row per attempt to collect money through a provider (or a standalone terminal).
  // `reference_id` points at the row of `purpose` (a POS order, a booking for a no-show fee);
  // it carries no foreign key because it points at different tables per purpose.
  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', id)
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('pos_order', 'noshow_fee')`))
    .addColumn('reference_id', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('card', 'online', 'checkout')`))
    // cardpay | onlinepay | checkout | terminal (a standalone card terminal, no provider call)
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'paid', 'failed', 'cancelled')`))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`)) // cents
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client_email', 'text')
    // The provider's id of the payment (SumUp client_transaction_id, Mollie tr_…, Stripe cs_…).
    .addColumn('provider_ref', 'text')
    .addColumn('checkout_url', 'text')
    .addColumn('error', 'text')
    .addColumn('settled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_reference').on('payments').columns(['purpose', 'reference_id', 'id']).execute();
  await db.schema.createIndex('payments_status').on('payments').columns(['status', 'id']).execute();
  // A provider's id names one payment of ours: the lookup of a webhook, and no double mapping.
  await db.schema
    .createIndex('payments_provider_ref')
    .unique()
    .on('payments')
    .columns(['provider', 'provider_ref'])
    .where(sql.ref('provider_ref'), 'is not', null)
    .execute();
}
