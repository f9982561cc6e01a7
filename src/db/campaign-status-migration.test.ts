import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blankDatabase } from '../../test/helpers/blank-database.js';
import { DIALECTS } from '../../test/helpers/database.js';
import { migrateToLatest } from './migrate.js';

/*
 * 0015 widens the campaign status CHECK; on SQLite by rebuilding the table. An upgrade from
 * the schema before it keeps every campaign and every recipient, and the recipients'
 * reference to their campaign (delete cascades) still holds.
 */

for (const dialect of DIALECTS) {
  describe(`migration 0015_campaign_delivery_status [${dialect}]`, () => {
    it('an upgrade keeps every campaign and recipient, takes the delivery statuses and the delete still cascades', async () => {
      const { database, drop } = await blankDatabase(dialect);
      try {
        const { db } = database;
        await migrateToLatest(db, dialect, '0014_appointment_book');
        const now = new Date().toISOString();
        const client = await db
          .insertInto('clients')
          .values({ name: 'Cora', created_at: now, updated_at: now } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        const campaign = (status: string) => ({
          name: `C ${status}`,
          subject: 'S',
          blocks: '[]',
          status: status as 'sent',
          recipient_count: 1,
          sent_count: status === 'sent' ? 1 : 0,
          created_at: now,
          updated_at: now,
        });
        const rows = await db
          .insertInto('campaigns')
          .values([campaign('draft'), campaign('sending'), campaign('sent')])
          .returning(['id', 'status'])
          .execute();
        await db
          .insertInto('campaign_recipients')
          .values(
            rows.map((row) => ({
              campaign_id: row.id,
              client_id: client.id,
              email: 'cora@example.com',
              status: 'pending' as const,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
        await assert.rejects(
          db.insertInto('campaigns').values(campaign('partly_failed')).execute(),
          /check/i,
          'refused before the migration',
        );

        await migrateToLatest(db, dialect);

        const after = await db.selectFrom('campaigns').select(['id', 'status', 'sent_count']).orderBy('id').execute();
        assert.deepEqual(
          after.map((row) => [row.id, row.status]),
          rows.map((row) => [row.id, row.status]),
        );
        const recipients = await db.selectFrom('campaign_recipients').select('campaign_id').orderBy('id').execute();
        assert.deepEqual(
          recipients.map((r) => r.campaign_id),
          rows.map((row) => row.id),
        );
        for (const status of ['partly_failed', 'failed'] as const) {
          await db.updateTable('campaigns').set({ status }).where('id', '=', rows[2]!.id).execute();
        }
        await assert.rejects(
          db
            .updateTable('campaigns')
            .set({ status: 'lost' as 'sent' })
            .where('id', '=', rows[2]!.id)
            .execute(),
          /check/i,
        );
        // A new campaign still gets the next id, not one of a kept row.
        const added = await db
          .insertInto('campaigns')
          .values(campaign('draft'))
          .returning('id')
          .executeTakeFirstOrThrow();
        assert.ok(added.id > rows[2]!.id);

        await db.deleteFrom('campaigns').where('id', '=', rows[0]!.id).execute();
        const left = await db.selectFrom('campaign_recipients').select('campaign_id').orderBy('id').execute();
        assert.deepEqual(
          left.map((r) => r.campaign_id),
          [rows[1]!.id, rows[2]!.id],
        );
        // A recipient of a campaign that does not exist is still refused.
        await assert.rejects(
          db
            .insertInto('campaign_recipients')
            .values({
              campaign_id: 999_999,
              client_id: client.id,
              email: 'x@example.com',
              status: 'pending',
              created_at: now,
              updated_at: now,
            })
            .execute(),
          /foreign key/i,
        );
      } finally {
        await drop();
      }
    });
  });
}
