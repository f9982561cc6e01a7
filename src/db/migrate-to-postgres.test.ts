import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../test/helpers/app.js';
import { blankDatabase } from '../../test/helpers/blank-database.js';
import { createClient, createService, nextSlot, pastSlot, setSettings } from '../../test/helpers/bookings.js';
import { DIALECTS } from '../../test/helpers/database.js';
import { insertProduct } from '../../test/helpers/factories.js';
import { createWorkingStaff } from '../../test/helpers/public.js';
import { buildApp } from '../app.js';
import { createContext } from '../context.js';
import { createLogger } from '../logger.js';
import { connect, type Database } from './connection.js';
import { describePostgresTables } from './copy-to-postgres.js';
import { migrateToLatest, migrationNames } from './migrate.js';
import { MigrationRefused, migrateSqliteToPostgres, verifyCopy, VerificationFailed } from './migrate-to-postgres.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** `npm run migrate-to-postgres -- <url>` as an operator runs it, with DATA_DIR pointing at the salon's data. */
function runCommand(dataDir: string, url: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // The compiled command, as npm's script runs it (the suite builds it first).
    const child = spawn(process.execPath, ['dist/server/migrate-to-postgres.js', url], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The service started on a PostgreSQL database with the SQLite service's configuration (same secrets, so the same tokens). */
async function serviceOn(t: TestApp, databaseUrl: string): Promise<{ app: FastifyInstance; database: Database }> {
  const database = connect({ databaseUrl });
  const ctx = createContext({ ...t.ctx.config, databaseUrl }, database, createLogger('silent'));
  const app = await buildApp(ctx);
  await app.ready();
  return { app, database };
}

for (const dialect of DIALECTS.filter((d) => d === 'postgres')) {
  describe(`npm run migrate-to-postgres: a salon's SQLite database moved to PostgreSQL [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let dataDir: string;
    let sqliteFile: string;
    let target: Awaited<ReturnType<typeof blankDatabase>>;
    let bookingId: number;
    let clientId: number;
    let orderId: number;
    let productId: number;
    let staffId: number;
    let serviceId: number;
    /** What the SQLite service answered, by path. */
    const answers = new Map<string, unknown>();
    const paths: string[] = [];

    before(async () => {
      // A salon on SQLite, with data in many tables, made through the API as the salon would.
      t = await createTestApp('sqlite', { smtp: false });
      admin = await setupSalon(t);
      await setSettings(t, admin.token, {
        salon_city: 'Utrecht',
        booking_min_lead_hours: 4,
        salon_phone: '+31 30 123 4567',
      });
      const staff = await createWorkingStaff(t, admin.token);
      staffId = staff.id;
      await createStaff(t);
      const vat = await t.request({
        method: 'POST',
        url: '/api/settings/vat-rates',
        token: admin.token,
        payload: { name: 'High', percentage: 21 },
      });
      assert.equal(vat.status, 201, JSON.stringify(vat.body));
      const service = await createService(t, admin.token, { name: 'Balayage', price: 95, vat_rate_id: vat.body.id });
      serviceId = service.id;
      const clients = [];
      for (const [name, extra] of [
        ['Anna Adams', { labels: ['VIP'], marketing_consent: true, birthday: '1990-02-03' }],
        ['Bram Bakker', { notes: 'Prefers mornings; "quotes" and ünïcode' }],
        ['Cees Claes', { phone: '+31 6 12345678' }],
      ] as const) {
        clients.push(await createClient(t, admin.token, { name, ...extra }));
      }
      clientId = clients[0]!.id;
      const product = await insertProduct(t.ctx.db, { name: 'Shampoo', price: 1995, quantity_on_hand: 12 });
      productId = product.id;
      // Through the API: it draws the salon's next article number (the sequences table).
      const numbered = await t.request({
        method: 'POST',
        url: '/api/inventory/products',
        token: admin.token,
        payload: { name: 'Conditioner', sku: 'COND-1', price: 12.5, purchase_price: 6, quantity_on_hand: 4 },
      });
      assert.equal(numbered.status, 201, JSON.stringify(numbered.body));
      assert.equal(numbered.body.article_number, 'ART_PRODUCT001');

      const book = async (payload: object) => {
        const response = await t.request({
          method: 'POST',
          url: '/api/bookings',
          token: admin.token,
          payload: { client_id: clientId, staff_id: staffId, service_id: serviceId, ...payload },
        });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        return response.body.id as number;
      };
      bookingId = await book({ ...nextSlot(), notes: 'first visit' });
      await book({ ...nextSlot(), client_id: clients[1]!.id });
      const done = await book({ ...pastSlot() });
      const completed = await t.request({
        method: 'PUT',
        url: `/api/bookings/${done}`,
        token: admin.token,
        payload: { status: 'completed' },
      });
      assert.equal(completed.status, 200, JSON.stringify(completed.body));
      const cancelled = await book({ ...nextSlot(), client_id: clients[2]!.id });
      assert.equal(
        (await t.request({ method: 'DELETE', url: `/api/bookings/${cancelled}`, token: admin.token })).status,
        200,
      );

      const card = await t.request({
        method: 'POST',
        url: '/api/giftcards',
        token: admin.token,
        payload: { amount: 30 },
      });
      assert.equal(card.status, 201, JSON.stringify(card.body));
      const promotion = await t.request({
        method: 'POST',
        url: '/api/promotions',
        token: admin.token,
        payload: {
          code: 'spring10',
          name: 'Spring',
          discount_type: 'percentage',
          discount_value: 10,
          applies_to: ['product'],
        },
      });
      assert.equal(promotion.status, 201, JSON.stringify(promotion.body));
      const order = await t.request({
        method: 'POST',
        url: '/api/pos',
        token: admin.token,
        payload: {
          client_id: clientId,
          staff_id: staffId,
          payment_method: 'cash',
          items: [
            { type: 'service', id: serviceId, quantity: 1 },
            { type: 'product', id: productId, quantity: 2 },
          ],
          discount_code: 'SPRING10',
          notes: 'paid in cash',
        },
      });
      assert.equal(order.status, 201, JSON.stringify(order.body));
      orderId = order.body.id;

      paths.push(
        '/api/settings',
        '/api/clients',
        `/api/clients/${clientId}`,
        `/api/clients/${clientId}/history`,
        '/api/bookings?page=1',
        `/api/bookings/${bookingId}`,
        '/api/pos',
        `/api/pos/${orderId}`,
        `/api/inventory/products/${productId}`,
        '/api/inventory/transactions',
        '/api/giftcards',
        '/api/promotions',
        '/api/services',
        '/api/staff/staff',
        '/api/staff/default-shifts',
        '/api/reporting/sales-summary?from=2020-01-01&to=2040-12-31',
      );
      for (const path of paths) {
        const response = await t.request({ method: 'GET', url: path, token: admin.token });
        assert.equal(response.status, 200, `${path}: ${JSON.stringify(response.body)}`);
        answers.set(path, response.body);
      }

      // The salon's data directory as the service leaves it: DATA_DIR/salon.db.
      const seen = JSON.stringify([...answers.values()]);
      for (const text of ['Bram Bakker', 'ünïcode', 'paid in cash', 'Balayage', 'Utrecht', 'SPRING10', 'Conditioner']) {
        assert.ok(seen.includes(text), `the answers compared below show ${text}`);
      }

      dataDir = mkdtempSync(join(tmpdir(), 'salon-move-'));
      sqliteFile = join(dataDir, 'salon.db');
      await sql`vacuum into ${sqliteFile}`.execute(t.ctx.db);
      target = await blankDatabase('postgres');
    });

    after(async () => {
      await t.close();
      await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('copies every table into the empty database and verifies it before saying done (exit 0)', async () => {
      const run = await runCommand(dataDir, target.url!);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /verified: every table's row count and checksum are equal on both sides/);
      assert.match(run.stdout, /^done: [\d,]+ rows in \d+ tables/m);
      assert.match(run.stdout, /copying rows: bookings/, 'a line per table when stdout is not a terminal');
      assert.match(run.stdout, /copying rows: done/);
      assert.doesNotMatch(run.stdout + run.stderr, /postgres:\/\/postgres@/, 'no credentials in the output');

      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        const count = async (table: string) =>
          Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
        const sqlite = new SqliteDatabase(sqliteFile, { readonly: true });
        try {
          for (const table of [
            'users',
            'clients',
            'bookings',
            'pos_orders',
            'pos_order_items',
            'stock_transactions',
            'jobs',
            'sequences',
            'booking_counts',
            'settings',
          ]) {
            const expected = (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
            assert.ok(expected > 0, `the test salon has rows in ${table}`);
            assert.equal(await count(table), expected, table);
          }
        } finally {
          sqlite.close();
        }
        const migrations = await client.query<{ name: string }>('select name from schema_migrations order by name');
        assert.deepEqual(
          migrations.rows.map((r) => r.name),
          migrationNames,
          "migrated by the app's own migrations",
        );
      } finally {
        await client.end();
      }
    });

    it('the service started on PostgreSQL answers what it answered on SQLite, and creates new rows with fresh ids', async () => {
      const { app, database } = await serviceOn(t, target.url!);
      try {
        const get = async (path: string) => {
          const response = await app.inject({
            method: 'GET',
            url: path,
            headers: { authorization: `Bearer ${admin.token}` },
          });
          assert.equal(response.statusCode, 200, `${path}: ${response.body}`);
          return response.json<unknown>();
        };
        for (const path of paths) assert.deepEqual(await get(path), answers.get(path), path);

        const post = async (url: string, payload: object) => {
          const response = await app.inject({
            method: 'POST',
            url,
            payload,
            headers: { authorization: `Bearer ${admin.token}` },
          });
          return { status: response.statusCode, body: response.json<{ id: number; [key: string]: unknown }>() };
        };
        const highest = async (table: 'clients' | 'bookings' | 'pos_orders') =>
          Number(
            (
              await database.db
                .selectFrom(table)
                .select((eb) => eb.fn.max('id').as('id'))
                .executeTakeFirstOrThrow()
            ).id,
          );
        const client = await post('/api/clients', { name: 'Dirk Dekker', email: 'dirk@example.com' });
        assert.equal(client.status, 201, JSON.stringify(client.body));
        assert.equal(client.body.id, await highest('clients'), 'the new client got the next id (no duplicate key)');
        const booking = await post('/api/bookings', {
          client_id: client.body.id,
          staff_id: staffId,
          service_id: serviceId,
          ...nextSlot(),
        });
        assert.equal(booking.status, 200, JSON.stringify(booking.body));
        assert.ok(booking.body.id > bookingId);
        const order = await post('/api/pos', {
          client_id: client.body.id,
          staff_id: staffId,
          payment_method: 'card',
          items: [{ type: 'product', id: productId, quantity: 1 }],
        });
        assert.equal(order.status, 201, JSON.stringify(order.body));
        assert.ok(order.body.id > orderId);
        // The salon's own numbering (the sequences table) continues where SQLite left it.
        const product = await post('/api/inventory/products', {
          name: 'Hair oil',
          sku: 'OIL-1',
          price: 21,
          purchase_price: 9,
          quantity_on_hand: 3,
        });
        assert.equal(product.status, 201, JSON.stringify(product.body));
        assert.equal(product.body.article_number, 'ART_PRODUCT002');
      } finally {
        await app.close();
        await database.destroy();
      }
    });

    it('refuses a target that already holds data (exit 1), and leaves it as it was', async () => {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        const clients = async () => Number((await client.query('select count(*) as n from clients')).rows[0].n);
        const before = await clients();
        const run = await runCommand(dataDir, target.url!);
        assert.equal(run.code, 1, run.stdout + run.stderr);
        assert.match(run.stderr, /refused: the PostgreSQL database is not empty \(.*bookings: \d+ rows/);
        assert.equal(await clients(), before);
        await assert.rejects(migrateSqliteToPostgres({ sqliteFile, targetUrl: target.url! }), MigrationRefused);
      } finally {
        await client.end();
      }
    });

    it('into a database only the migrations touched; then a changed value, a missing row or a lagging sequence fails the verification, naming the tables', async () => {
      const copy = await blankDatabase('postgres');
      const sqlite = new SqliteDatabase(sqliteFile, { readonly: true });
      const client = new pg.Client({ connectionString: copy.url });
      try {
        // Only the migrations have run on it (as after a move that failed and rolled back): empty still.
        await migrateToLatest(copy.database.db, 'postgres');
        const report = await migrateSqliteToPostgres({ sqliteFile, targetUrl: copy.url! });
        assert.ok(report.verifySeconds !== null && report.tables.length > 50, 'every table verified');
        await client.connect();
        const tables = await describePostgresTables(client);

        // Tampered with behind the app's triggers, so that exactly these tables change.
        await client.query('set session_replication_role = replica');
        await client.query(`update clients set notes = notes || ' ' where id = ${clientId}`);
        await client.query(`update settings set salon_city = 'utrecht'`);
        await client.query(`delete from pos_order_items where id = (select min(id) from pos_order_items)`);
        const error = await verifyCopy(sqlite, client, tables).catch((e: unknown) => e);
        assert.ok(error instanceof VerificationFailed, String(error));
        assert.deepEqual(error.tables.sort(), ['clients', 'pos_order_items', 'settings']);
        assert.match(error.message, /clients \(same row count, checksums differ\)/);
        assert.match(error.message, /pos_order_items \(\d+ rows in SQLite, \d+ in PostgreSQL\)/);

        // An id sequence left behind the ids in use would give a duplicate key on the next insert.
        await client.query(`update clients set notes = rtrim(notes) where id = ${clientId}`);
        await client.query(`select setval(pg_get_serial_sequence('clients', 'id'), 1, false)`);
        const sequenceError = await verifyCopy(
          sqlite,
          client,
          tables.filter((table) => table.name === 'clients'),
        ).catch((e: unknown) => e);
        assert.ok(sequenceError instanceof VerificationFailed, String(sequenceError));
        assert.deepEqual(sequenceError.tables, []);
        assert.match(sequenceError.message, /clients\.id: its sequence would give 1, but \d+ is in use/);
      } finally {
        sqlite.close();
        await client.end().catch(() => undefined);
        await copy.drop();
      }
    });

    it('refuses a SQLite database of another version, before touching the target', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'salon-old-'));
      const old = connect({ sqliteFile: join(dir, 'salon.db') });
      const fresh = await blankDatabase('postgres');
      try {
        await migrateToLatest(old.db, 'sqlite', migrationNames[migrationNames.length - 2]);
        await old.destroy();
        await assert.rejects(
          migrateSqliteToPostgres({ sqliteFile: join(dir, 'salon.db'), targetUrl: fresh.url! }),
          (error: Error) =>
            error instanceof MigrationRefused && /start this version of the service on it once/.test(error.message),
        );
        const tables = await sql<{
          n: number;
        }>`select count(*) as n from information_schema.tables where table_schema = 'public'`.execute(
          fresh.database.db,
        );
        assert.equal(tables.rows[0]!.n, 0);
        await assert.rejects(
          migrateSqliteToPostgres({ sqliteFile: join(dir, 'absent.db'), targetUrl: fresh.url! }),
          /there is no SQLite database at/,
        );
      } finally {
        await fresh.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
