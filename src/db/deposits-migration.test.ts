import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blankDatabase } from '../../test/helpers/blank-database.js';
import { DIALECTS } from '../../test/helpers/database.js';
import { migrateToLatest } from './migrate.js';

/*
 * 0020 widens the payments' purpose CHECK with `deposit`; on SQLite by rebuilding the table.
 * An upgrade from the schema before it keeps every payment as it was, its indexes (a provider's
 * reference still names one payment), and gives services, settings and bookings their deposit
 * columns with their defaults.
 */

for (const dialect of DIALECTS) {
  describe(`migration 0020_deposits [${dialect}]`, () => {
    it('an upgrade keeps every payment and its uniqueness, takes the deposit purpose, and defaults to no deposit', async () => {
      const { database, drop } = await blankDatabase(dialect);
      try {
        const { db } = database;
        await migrateToLatest(db, dialect, '0017_booking_ics');
        const now = new Date().toISOString();
        const payment = (purpose: string, ref: string | null) => ({
          purpose: purpose as 'pos_order',
          reference_id: 7,
          method: 'checkout' as const,
          provider: 'checkout',
          status: 'pending' as const,
          amount: 1250,
          currency: 'EUR',
          description: `A ${purpose}`,
          client_email: 'a@example.com',
          provider_ref: ref,
          checkout_url: null,
          error: null,
          settled_at: null,
          created_at: now,
          updated_at: now,
        });
        const before = await db
          .insertInto('payments')
          .values([payment('pos_order', 'cs_1'), payment('noshow_fee', 'cs_2'), payment('pos_order', null)])
          .returningAll()
          .execute();
        const service = await db
          .insertInto('services')
          .values({
            name: 'Cut',
            duration_min: 30,
            price: 4000,
            position: 0,
            active: 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();

        await migrateToLatest(db, dialect);

        const after = await db.selectFrom('payments').selectAll().orderBy('id').execute();
        assert.deepEqual(after, before, 'every payment kept as it was');
        const deposit = await db
          .insertInto('payments')
          .values(payment('deposit', 'cs_3') as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        assert.ok(deposit.id > Math.max(...before.map((row) => row.id)), 'ids go on after the kept ones');
        await assert.rejects(
          db.insertInto('payments').values(payment('tip', 'cs_4')).execute(),
          'an unknown purpose is still refused',
        );
        await assert.rejects(
          db.insertInto('payments').values(payment('deposit', 'cs_1')).execute(),
          'a provider reference still names one payment',
        );

        const terms = await db
          .selectFrom('services')
          .select(['deposit_type', 'deposit_value'])
          .where('id', '=', service.id)
          .executeTakeFirstOrThrow();
        assert.deepEqual(terms, { deposit_type: 'none', deposit_value: 0 });
        const settings = await db.selectFrom('settings').select('deposit_timeout_min').executeTakeFirstOrThrow();
        assert.equal(settings.deposit_timeout_min, 30);
      } finally {
        await drop();
      }
    });
  });
}
