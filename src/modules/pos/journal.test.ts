import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { assertError } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService } from '../../../test/helpers/bookings.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../../test/helpers/database.js';
import { connect } from '../../db/connection.js';
import { insertPayment, settlePayment } from '../payments/service.js';
import { canonicalJson, entryHash, GENESIS_HASH } from './journal.js';

/*
 * The till journal: a gap-free number per year, a chain of SHA-256 hashes, appended in the
 * transaction of the sale, never updated or deleted, checked by the admin endpoint and the
 * command, and exported as CSV.
 */
for (const dialect of DIALECTS) {
  describe(`POS till journal [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const sell = async (price: number, method: 'cash' | 'online' = 'cash') => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price });
      const response = await t.request({
        method: 'POST',
        url: '/api/pos',
        token: staff.token,
        payload: {
          client_id: client.id,
          staff_id: staff.id,
          payment_method: method,
          items: [{ type: 'service', id: service.id, quantity: 1 }],
        },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as { id: number; client_id: number; receipt_number: string | null; payment_status: string };
    };
    const entries = () => t.ctx.db.selectFrom('pos_journal').selectAll().orderBy('id').execute();
    const verify = async () => {
      const response = await t.request({ method: 'GET', url: '/api/pos/journal/verify', token: admin.token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };

    it('a sale paid at the till is journalled with the next receipt number, its hash chained to the one before', async () => {
      const first = await sell(20);
      const second = await sell(35);
      const year = new Date().getUTCFullYear();
      assert.match(first.receipt_number ?? '', new RegExp(`^(${year}|${year + 1})-\\d{6}$`));
      const rows = await entries();
      const [a, b] = rows.slice(-2);
      assert.ok(a && b);
      assert.equal(Number(b.number), Number(a.number) + 1, 'the next number');
      assert.equal(b.prev_hash, a.hash, 'chained');
      assert.equal(rows[0]?.prev_hash, GENESIS_HASH);
      assert.equal(entryHash(b), b.hash);
      assert.equal(Number(b.amount), 3500, 'cents');
      assert.equal(b.kind, 'sale');
      assert.equal(Number(b.order_id), second.id);
      const detail = await t.request({ method: 'GET', url: `/api/pos/${second.id}`, token: staff.token });
      assert.equal(detail.body.receipt_number, `${b.year}-${String(b.number).padStart(6, '0')}`);
    });

    it('no personal data in an entry: the client is an id, never a name or an email', async () => {
      const sold = await sell(15);
      const client = await t.ctx.db
        .selectFrom('clients')
        .select(['name', 'email'])
        .where('id', '=', sold.client_id)
        .executeTakeFirstOrThrow();
      const entry = (await entries()).at(-1)!;
      assert.equal(Number(entry.client_id), sold.client_id);
      const stored = JSON.stringify(entry);
      assert.ok(!stored.includes(client.name), 'no client name');
      if (client.email) assert.ok(!stored.includes(client.email), 'no client email');
    });

    it('an order is journalled when it becomes paid, not before; a failed payment writes nothing', async () => {
      const before = (await entries()).length;
      const sold = await sell(25, 'online'); // no online provider configured: failed
      assert.equal(sold.payment_status, 'failed');
      assert.equal(sold.receipt_number, null);
      assert.equal((await entries()).length, before);
      await t.ctx.db.updateTable('pos_orders').set({ payment_status: 'pending' }).where('id', '=', sold.id).execute();
      const payment = await insertPayment(
        t.ctx.db,
        { currency: 'EUR' },
        { purpose: 'pos_order', referenceId: sold.id, method: 'online', amountCents: 2500, description: 'test' },
        'onlinepay',
      );
      assert.equal(await settlePayment(t.ctx, payment.id, 'paid'), true);
      const after = await entries();
      assert.equal(after.length, before + 1);
      assert.equal(Number(after.at(-1)?.order_id), sold.id);
      const detail = await t.request({ method: 'GET', url: `/api/pos/${sold.id}`, token: staff.token });
      assert.ok(detail.body.receipt_number);
    });

    it('20 concurrent sales take 20 consecutive numbers: none repeated, none skipped, the chain whole', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 10 });
      const before = await entries();
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.request({
            method: 'POST',
            url: '/api/pos',
            token: staff.token,
            payload: {
              client_id: client.id,
              staff_id: staff.id,
              payment_method: 'cash',
              items: [{ type: 'service', id: service.id, quantity: 1 }],
            },
          }),
        ),
      );
      assert.deepEqual(
        responses.map((r) => r.status),
        Array(20).fill(201),
      );
      const added = (await entries()).slice(before.length);
      assert.equal(added.length, 20);
      const last = before.at(-1)!;
      assert.deepEqual(
        added.map((row) => Number(row.number)),
        Array.from({ length: 20 }, (_, i) => Number(last.number) + 1 + i),
      );
      const receipts = new Set(responses.map((r) => r.body.receipt_number));
      assert.equal(receipts.size, 20);
      const result = await verify();
      assert.equal(result.ok, true, JSON.stringify(result));
      assert.equal(result.first_broken, null);
    });

    it('the journal of a period as CSV for an auditor: every field, amounts in currency units; admin only', async () => {
      const response = await t.request({
        method: 'GET',
        url: `/api/pos/journal?from=2000-01-01&to=2100-12-31`,
        token: admin.token,
      });
      assert.equal(response.status, 200);
      assert.match(String(response.headers['content-type']), /^text\/csv/);
      assert.match(String(response.headers['content-disposition']), /attachment; filename="till-journal_/);
      const lines = String(response.body).trimEnd().split('\r\n');
      assert.equal(
        lines[0],
        'id,receipt_number,year,number,kind,created_at,order_id,refund_id,client_id,staff_id,amount,payment_method,body,prev_hash,hash',
      );
      const rows = await entries();
      assert.equal(lines.length - 1, rows.length);
      assert.match(lines[1] ?? '', /,sale,.*,20\.00,cash,"\{/);
      const none = await t.request({
        method: 'GET',
        url: '/api/pos/journal?from=2000-01-01&to=2000-01-31',
        token: admin.token,
      });
      assert.equal(String(none.body).trimEnd().split('\r\n').length, 1, 'header only');
      assertError(await t.request({ method: 'GET', url: '/api/pos/journal', token: staff.token }), 403, 'forbidden');
      assertError(
        await t.request({ method: 'GET', url: '/api/pos/journal/verify', token: staff.token }),
        403,
        'forbidden',
      );
      assertError(
        await t.request({ method: 'GET', url: '/api/pos/journal?from=2026-02-30', token: admin.token }),
        400,
        'validation_failed',
      );
    });

    it('the journal of a period page by page for a screen: oldest first, each entry linked to the one before it in the whole journal; admin only', async () => {
      const rows = await entries();
      assert.ok(rows.length >= 4, 'earlier tests sold enough');
      const page = async (query: string, token = admin.token) =>
        t.request({ method: 'GET', url: `/api/pos/journal/entries?${query}`, token });
      const second = await page('from=2000-01-01&to=2100-12-31&page=2&limit=2');
      assert.equal(second.status, 200, JSON.stringify(second.body));
      assert.equal(second.body.total, rows.length);
      assert.equal(second.body.total_pages, Math.ceil(rows.length / 2));
      assert.deepEqual(
        second.body.data.map((entry: { id: number }) => entry.id),
        rows.slice(2, 4).map((row) => Number(row.id)),
      );
      const [third] = second.body.data;
      const stored = rows[2]!;
      assert.equal(third.receipt_number, `${stored.year}-${String(stored.number).padStart(6, '0')}`);
      assert.equal(third.amount, Number(stored.amount) / 100);
      assert.equal(third.prev_hash, stored.prev_hash);
      assert.equal(third.hash, stored.hash);
      assert.equal(third.created_at, stored.created_at);
      assert.equal('body' in third, false, 'the canonical body is the CSV’s');
      // The first of a page is linked to the entry before it on the page before; the first of all to the genesis hash.
      assert.deepEqual(
        second.body.data.map((entry: { links_to_previous: boolean }) => entry.links_to_previous),
        [true, true],
      );
      const first = await page('page=1&limit=1');
      assert.equal(first.body.data[0].id, Number(rows[0]!.id));
      assert.equal(first.body.data[0].prev_hash, GENESIS_HASH);
      assert.equal(first.body.data[0].links_to_previous, true);
      // Without `page`, still a page: the first, of 50.
      const plain = await page('');
      assert.equal(plain.body.page, 1);
      assert.equal(plain.body.limit, 50);
      assert.equal(plain.body.data.length, Math.min(50, rows.length));
      const none = await page('from=2000-01-01&to=2000-01-31');
      assert.deepEqual(none.body, { data: [], page: 1, limit: 50, total: 0, total_pages: 0 });
      assertError(await page('page=1', staff.token), 403, 'forbidden');
      assertError(await page('from=2026-02-30'), 400, 'validation_failed');
      assertError(await page('from=2026-03-02&to=2026-03-01'), 400, 'validation_failed');
      assertError(await page('page=0'), 400, 'validation_failed');
    });

    it('no statement changes or removes an entry: the database refuses UPDATE and DELETE', async () => {
      const entry = (await entries()).at(-1)!;
      await assert.rejects(
        t.ctx.db.updateTable('pos_journal').set({ amount: 1 }).where('id', '=', entry.id).execute(),
        /append-only/,
      );
      await assert.rejects(t.ctx.db.deleteFrom('pos_journal').where('id', '=', entry.id).execute(), /append-only/);
    });

    // Last: these tests rewrite the journal by hand, past its triggers, as an intruder with the
    // database's owner rights would.
    const dropGuards = async () => {
      if (dialect === 'postgres') await sql`drop trigger pos_journal_append_only on pos_journal`.execute(t.ctx.db);
      else {
        await sql`drop trigger pos_journal_no_update`.execute(t.ctx.db);
        await sql`drop trigger pos_journal_no_delete`.execute(t.ctx.db);
      }
    };

    it('an entry altered by hand in SQL is named by the verification: its hash no longer matches', async () => {
      await dropGuards();
      const rows = await entries();
      const target = rows[Math.floor(rows.length / 2)]!;
      await sql`update pos_journal set amount = amount + 1 where id = ${target.id}`.execute(t.ctx.db);
      const result = await verify();
      assert.equal(result.ok, false);
      assert.equal(result.first_broken.id, Number(target.id));
      assert.equal(result.first_broken.receipt_number, `${target.year}-${String(target.number).padStart(6, '0')}`);
      assert.match(result.first_broken.problem, /^hash/);

      // Rewriting its hash as well breaks the chain at the entry after it.
      const altered = (await entries()).find((row) => row.id === target.id)!;
      await sql`update pos_journal set hash = ${entryHash(altered)} where id = ${target.id}`.execute(t.ctx.db);
      const next = rows[rows.indexOf(target) + 1]!;
      const chained = await verify();
      assert.equal(chained.first_broken.id, Number(next.id));
      assert.match(chained.first_broken.problem, /^chain/);
      // The screen's page says so too: the entry after it no longer names its hash.
      const index = rows.indexOf(target);
      const onScreen = await t.request({
        method: 'GET',
        url: `/api/pos/journal/entries?page=${index + 2}&limit=1`,
        token: admin.token,
      });
      assert.equal(onScreen.body.data[0].id, Number(next.id));
      assert.equal(onScreen.body.data[0].links_to_previous, false);

      await sql`update pos_journal set amount = ${target.amount}, hash = ${target.hash} where id = ${target.id}`.execute(
        t.ctx.db,
      );
      assert.equal((await verify()).ok, true, 'put back as it was: whole again');
    });

    it('an entry removed by hand is named (the numbering skips); the last one removed shows at the end', async () => {
      const rows = await entries();
      const middle = rows[2]!;
      const following = rows[3]!;
      await sql`delete from pos_journal where id = ${middle.id}`.execute(t.ctx.db);
      const result = await verify();
      assert.equal(result.ok, false);
      assert.equal(result.first_broken.id, Number(following.id));
      assert.match(result.first_broken.problem, /^numbering/);
      await t.ctx.db.insertInto('pos_journal').values(middle).execute();
      assert.equal((await verify()).ok, true);

      const last = rows.at(-1)!;
      await sql`delete from pos_journal where id = ${last.id}`.execute(t.ctx.db);
      const truncated = await verify();
      assert.equal(truncated.ok, false);
      assert.match(truncated.first_broken.problem, /^end/);
      assert.equal(truncated.first_broken.id, Number(last.id));
      await t.ctx.db.insertInto('pos_journal').values(last).execute();
      assert.equal((await verify()).ok, true);
    });
  });
}

function runVerify(env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const root = new URL('../../..', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/verify-journal.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (status) => resolve({ status, stdout, stderr })));
}

for (const dialect of DIALECTS) {
  describe(`npm run verify-journal [${dialect}]`, () => {
    let dir: string;
    let env: Record<string, string>;
    let pg: TestDatabase | undefined;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'salon-journal-'));
      env = { DATA_DIR: join(dir, 'data') };
      if (dialect === 'postgres') {
        pg = await createTestDatabase('postgres');
        env.DATABASE_URL = pg.url!;
      }
    });
    after(async () => {
      await pg?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('exits 0 on a whole journal and 2 naming the first broken entry', async () => {
      const empty = await runVerify(env);
      assert.equal(empty.status, 0, empty.stderr);
      assert.match(empty.stdout, /till journal whole: 0 entries/);

      const database = pg ? connect({ databaseUrl: pg.url }) : connect({ sqliteFile: join(dir, 'data', 'salon.db') });
      try {
        const body = canonicalJson({ lines: [] });
        await database.db
          .insertInto('pos_journal')
          .values({
            year: 2026,
            number: 1,
            kind: 'sale',
            order_id: 1,
            refund_id: null,
            client_id: 1,
            staff_id: 1,
            amount: 1000,
            payment_method: 'cash',
            body,
            created_at: '2026-01-02T10:00:00.000Z',
            prev_hash: GENESIS_HASH,
            hash: 'f'.repeat(64),
          })
          .execute();
      } finally {
        await database.destroy();
      }
      const broken = await runVerify(env);
      assert.equal(broken.status, 2, broken.stderr);
      assert.match(broken.stdout, /BROKEN at entry 2026-000001 \(id 1\): hash/);
    });
  });
}
