import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * Deposits at online booking. A service may ask for one (`deposit_type` none | fixed |
 * percentage, `deposit_value` in hundredths: 12.50 or 12.5 %, both 1250); the booking page's
 * booking of such a service is held until its deposit is paid through the checkout provider,
 * and released after `deposit_timeout_min` minutes when it is not.
 *
 * The booking keeps what it owes (`deposit_amount`, cents), how that stands (`deposit_status`
 * pending | paid | expired | late) and the payment collecting it (`deposit_payment_id`; one
 * payment for every part of a visit). The payments' purpose CHECK of 0008 is widened with
 * `deposit`; SQLite cannot alter a constraint, so that table is rebuilt under the same
 * definition (copy, drop, rename, with foreign keys off), as 0015 did for campaigns.
 */

const PURPOSES = sql`purpose in ('pos_order', 'noshow_fee', 'deposit')`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table payments drop constraint payments_purpose_check`.execute(db);
    await sql`alter table payments add constraint payments_purpose_check check (${PURPOSES})`.execute(db);
  } else {
    await rebuildPaymentsSqlite(db);
  }

  await db.schema
    .alterTable('services')
    .addColumn('deposit_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`deposit_type in ('none', 'fixed', 'percentage')`),
    )
    .execute();
  await db.schema
    .alterTable('services')
    .addColumn('deposit_value', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`deposit_value >= 0`),
    )
    .execute();

  await db.schema
    .alterTable('settings')
    .addColumn('deposit_timeout_min', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();

  await db.schema
    .alterTable('bookings')
    .addColumn('deposit_amount', 'integer', (c) => c.check(sql`deposit_amount >= 0`))
    .execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('deposit_status', 'text', (c) => c.check(sql`deposit_status in ('pending', 'paid', 'expired', 'late')`))
    .execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('deposit_payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
    .execute();
  // The settlement of a deposit finds its bookings by the payment.
  await db.schema
    .createIndex('bookings_deposit_payment')
    .on('bookings')
    .column('deposit_payment_id')
    .where(sql.ref('deposit_payment_id'), 'is not', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function rebuildPaymentsSqlite(db: Kysely<any>): Promise<void> {
  // Outside any transaction (SQLite ignores this pragma inside one); the rebuild itself is one.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await db.schema
        .createTable('payments_rebuilt')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('purpose', 'text', (c) => c.notNull().check(PURPOSES))
        .addColumn('reference_id', 'integer', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('card', 'online', 'checkout')`))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('pending', 'paid', 'failed', 'cancelled')`),
        )
        .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('client_email', 'text')
        .addColumn('provider_ref', 'text')
        .addColumn('checkout_url', 'text')
        .addColumn('error', 'text')
        .addColumn('settled_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await sql`insert into payments_rebuilt (id, purpose, reference_id, method, provider, status, amount,
          currency, description, client_email, provider_ref, checkout_url, error, settled_at,
          created_at, updated_at)
        select id, purpose, reference_id, method, provider, status, amount,
          currency, description, client_email, provider_ref, checkout_url, error, settled_at,
          created_at, updated_at
        from payments`.execute(db);
      await sql`drop table payments`.execute(db);
      await sql`alter table payments_rebuilt rename to payments`.execute(db);
      // The indexes of 0008 went with the old table.
      await db.schema
        .createIndex('payments_reference')
        .on('payments')
        .columns(['purpose', 'reference_id', 'id'])
        .execute();
      await db.schema.createIndex('payments_status').on('payments').columns(['status', 'id']).execute();
      await db.schema
        .createIndex('payments_provider_ref')
        .unique()
        .on('payments')
        .columns(['provider', 'provider_ref'])
        .where(sql.ref('provider_ref'), 'is not', null)
        .execute();
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('payments rebuild broke a foreign key');
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
