import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, setupSalon, type TestApp } from '../../test/helpers/app.js';
import { DIALECTS } from '../../test/helpers/database.js';
import { insertClient } from '../../test/helpers/factories.js';
import { enqueue, markDone } from './queue.js';
import { purgeExpired } from './maintenance.js';

for (const dialect of DIALECTS) {
  describe(`maintenance [${dialect}]`, () => {
    let t: TestApp;
    let userId: number;
    before(async () => {
      t = await createTestApp(dialect);
      userId = (await setupSalon(t)).id;
    });
    after(() => t.close());

    it('purges expired tokens, stale rate-limit windows and old done jobs, and keeps everything live and every dead job', async () => {
      const db = t.ctx.db;
      const past = new Date(Date.now() - 1000).toISOString();
      const future = new Date(Date.now() + 3_600_000).toISOString();
      const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
      const now = new Date().toISOString();
      await db
        .insertInto('refresh_tokens')
        .values([
          {
            user_id: userId,
            family_id: 'f1',
            token_hash: 'expired-refresh',
            expires_at: past,
            rotated_at: null,
            created_at: now,
          },
          {
            user_id: userId,
            family_id: 'f2',
            token_hash: 'live-refresh',
            expires_at: future,
            rotated_at: null,
            created_at: now,
          },
        ])
        .execute();
      await db
        .insertInto('password_reset_tokens')
        .values([
          { user_id: userId, token_hash: 'expired-reset', expires_at: past, created_at: now },
          { user_id: userId, token_hash: 'live-reset', expires_at: future, created_at: now },
        ])
        .execute();
      await db
        .insertInto('rate_limits')
        .values([
          { key: 'stale', hits: 3, reset_at: past },
          { key: 'live', hits: 3, reset_at: future },
        ])
        .execute();
      const oldDone = await enqueue(db, 'mail.send', { emailId: 1 });
      const recentDone = await enqueue(db, 'mail.send', { emailId: 2 });
      const oldDead = await enqueue(db, 'mail.send', { emailId: 3 });
      await db.updateTable('jobs').set({ locked_by: 'w' }).where('id', 'in', [oldDone, recentDone]).execute();
      await markDone(db, oldDone, 'w');
      await markDone(db, recentDone, 'w');
      await db.updateTable('jobs').set({ finished_at: longAgo }).where('id', '=', oldDone).execute();
      await db.updateTable('jobs').set({ status: 'dead', finished_at: longAgo }).where('id', '=', oldDead).execute();

      await purgeExpired(db);

      assert.deepEqual(
        (
          await db.selectFrom('refresh_tokens').select('token_hash').where('family_id', 'in', ['f1', 'f2']).execute()
        ).map((r) => r.token_hash),
        ['live-refresh'],
      );
      assert.deepEqual(
        (
          await db
            .selectFrom('password_reset_tokens')
            .select('token_hash')
            .where('token_hash', 'in', ['expired-reset', 'live-reset'])
            .execute()
        ).map((r) => r.token_hash),
        ['live-reset'],
      );
      assert.deepEqual(
        (await db.selectFrom('rate_limits').select('key').where('key', 'in', ['stale', 'live']).execute()).map(
          (r) => r.key,
        ),
        ['live'],
      );
      const jobs = (
        await db
          .selectFrom('jobs')
          .select('id')
          .where('id', 'in', [oldDone, recentDone, oldDead])
          .orderBy('id')
          .execute()
      ).map((r) => r.id);
      assert.deepEqual(jobs, [recentDone, oldDead]);
    });

    it('purges the ids of inbound texts older than a year, and keeps younger ones (they guard against replays)', async () => {
      const db = t.ctx.db;
      const day = 86_400_000;
      await db
        .insertInto('sms_inbound_messages')
        .values([
          { message_sid: 'SMold', received_at: new Date(Date.now() - 366 * day).toISOString() },
          { message_sid: 'SMrecent', received_at: new Date(Date.now() - 300 * day).toISOString() },
        ])
        .execute();

      await purgeExpired(db);

      const left = await db
        .selectFrom('sms_inbound_messages')
        .select('message_sid')
        .where('message_sid', 'in', ['SMold', 'SMrecent'])
        .execute();
      assert.deepEqual(
        left.map((row) => row.message_sid),
        ['SMrecent'],
      );
    });

    it('purges expired magic-link tokens and idempotency keys older than a day, and keeps live ones', async () => {
      const db = t.ctx.db;
      const now = new Date().toISOString();
      const client = await insertClient(db, { name: 'Maintenance Client', email: null });
      await db
        .insertInto('client_magic_tokens')
        .values([
          {
            client_id: client.id,
            token_hash: 'expired-magic',
            expires_at: new Date(Date.now() - 1000).toISOString(),
            created_at: now,
          },
          {
            client_id: client.id,
            token_hash: 'live-magic',
            expires_at: new Date(Date.now() + 60_000).toISOString(),
            created_at: now,
          },
        ])
        .execute();
      await db
        .insertInto('idempotency_keys')
        .values([
          {
            key: 'old-key',
            request_hash: 'h',
            booking_id: null,
            created_at: new Date(Date.now() - 25 * 3_600_000).toISOString(),
          },
          { key: 'fresh-key', request_hash: 'h', booking_id: null, created_at: now },
        ])
        .execute();

      await purgeExpired(db);

      const magic = await db
        .selectFrom('client_magic_tokens')
        .select('token_hash')
        .where('client_id', '=', client.id)
        .execute();
      assert.deepEqual(magic, [{ token_hash: 'live-magic' }]);
      const keys = await db
        .selectFrom('idempotency_keys')
        .select('key')
        .where('key', 'in', ['old-key', 'fresh-key'])
        .execute();
      assert.deepEqual(keys, [{ key: 'fresh-key' }]);
    });

    it("purges the bookings' change log older than a day, and keeps younger rows and always the newest", async () => {
      const db = t.ctx.db;
      await db.deleteFrom('booking_changes').execute();
      const row = (created_at: string) => ({
        booking_id: 1,
        version: 1,
        kind: 'created' as const,
        days: '2026-12-03',
        staff_ids: '1',
        location_ids: '',
        created_at,
      });
      const old = new Date(Date.now() - 25 * 3_600_000).toISOString();
      const fresh = new Date().toISOString();
      await db
        .insertInto('booking_changes')
        .values([row(old), row(old), row(fresh)])
        .execute();
      await purgeExpired(db);
      assert.deepEqual(
        (await db.selectFrom('booking_changes').select('created_at').execute()).map((r) => r.created_at),
        [fresh],
      );

      // A log whose every row is old keeps its newest: a reconnecting stream reads where the log stands from it.
      await db.deleteFrom('booking_changes').execute();
      await db
        .insertInto('booking_changes')
        .values([row(old), row(old)])
        .execute();
      await purgeExpired(db);
      assert.equal((await db.selectFrom('booking_changes').select('seq').execute()).length, 1);
    });
  });
}
