/*
 * How long `npm run verify-journal` (and the admin endpoint, the same code) takes on a journal
 * the size of the bench's chain: one sale entry for each of its 962,660 POS orders, over five
 * years (numbered from 1 in each), every entry's body shaped as a sale's (its lines and
 * totals) and every hash valid, so the check walks the whole chain. The entries are written
 * in bulk straight into a fresh database migrated by the app (SQLite in a temporary file; with
 * DATABASE_URL, also a PostgreSQL database `salon_bench_journal` created and dropped here),
 * then verifyJournal() is timed, and the chain is broken near its end to see that it says so.
 *
 *   npx tsx bench/journal.ts                      # SQLite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/journal.ts
 *   JOURNAL_ENTRIES=100000 npx tsx bench/journal.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import { connect, type Database } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { withScratchPostgres } from './postgres.js';
import type { JournalKind } from '../src/db/tables/pos.js';
import type { DB } from '../src/db/types.js';
import { canonicalJson, entryHash, GENESIS_HASH, type HashedFields } from '../src/modules/pos/journal.js';
import { verifyJournal } from '../src/modules/pos/service.js';

const ENTRIES = Number(process.env.JOURNAL_ENTRIES ?? 962_660);
const YEARS = 5;
const FIRST_YEAR = new Date().getUTCFullYear() - YEARS + 1;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The entries in order, each with a valid hash of the one before: built once, written to each engine. */
function* entries(): Generator<HashedFields & { hash: string }> {
  let prevHash = GENESIS_HASH;
  const perYear = Math.ceil(ENTRIES / YEARS);
  for (let i = 0; i < ENTRIES; i += 1) {
    const yearIndex = Math.floor(i / perYear);
    const year = FIRST_YEAR + yearIndex;
    const number = i - yearIndex * perYear + 1;
    const at = new Date(Date.UTC(year, 0, 1) + (number / perYear) * 364 * 86_400_000).toISOString();
    const twoLines = i % 2 === 0;
    const lines = [
      { id: 2 * i + 1, item_type: 'service', item_id: 1 + (i % 20), name: 'Women’s cut', quantity: 1, price: 4500, line_total: 4500, vat_rate: 2100, vat_amount: 781, discount_amount: 0, loyalty_amount: 0 },
      ...(twoLines
        ? [{ id: 2 * i + 2, item_type: 'product', item_id: 1 + (i % 500), name: 'Shampoo 250 ml', quantity: 1, price: 2000, line_total: 2000, vat_rate: 2100, vat_amount: 347, discount_amount: 0, loyalty_amount: 0 }]
        : []),
    ]; // prettier-ignore
    const total = twoLines ? 6500 : 4500;
    const vat = twoLines ? 1128 : 781;
    const fields: HashedFields = {
      year,
      number,
      kind: 'sale',
      order_id: i + 1,
      refund_id: null,
      client_id: 1 + (i % 200_000),
      staff_id: 2 + (i % 40),
      amount: total,
      payment_method: i % 3 === 0 ? 'cash' : 'card',
      body: canonicalJson({
        ordered_at: at,
        lines,
        totals: {
          subtotal: total,
          discount_amount: 0,
          loyalty_amount: 0,
          total,
          gift_card_amount: 0,
          gift_cards_sold: 0,
          amount_due: total,
          vat_total: vat,
        },
      }),
      created_at: at,
      prev_hash: prevHash,
    };
    const hash = entryHash(fields);
    prevHash = hash;
    yield { ...fields, hash };
  }
}

const COLUMNS = [
  'year',
  'number',
  'kind',
  'order_id',
  'refund_id',
  'client_id',
  'staff_id',
  'amount',
  'payment_method',
  'body',
  'created_at',
  'prev_hash',
  'hash',
] as const;

async function setHead(db: Kysely<DB>): Promise<void> {
  const last = await db
    .selectFrom('pos_journal')
    .select(['id', 'year', 'number', 'hash'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('pos_journal_head')
    .set({ year: last.year, number: last.number, hash: last.hash, last_id: last.id })
    .where('id', '=', 1)
    .execute();
}

async function measure(engine: string, database: Database): Promise<void> {
  const load = loadavg()[0]!.toFixed(1);
  const whole = await verifyJournal(database.db);
  if (!whole.ok) throw new Error(`${engine}: ${JSON.stringify(whole.first_broken)}`);
  const again = await verifyJournal(database.db);
  log(
    `${engine}: ${whole.entries} entries whole, last ${whole.last_receipt_number}: ${whole.took_ms} ms, again ${again.took_ms} ms (load ${load})`,
  );
  // The chain broken near its end (the append-only trigger set aside for it, as an intruder would).
  const victim = whole.entries - 10;
  if (database.dialect === 'postgres') {
    await sql`alter table pos_journal disable trigger pos_journal_append_only`.execute(database.db);
  } else {
    await sql`drop trigger pos_journal_no_update`.execute(database.db);
  }
  await sql`update pos_journal set amount = amount + 100 where id = ${victim}`.execute(database.db);
  const broken = await verifyJournal(database.db);
  log(
    `${engine}: altered entry found: ${broken.first_broken?.receipt_number} (id ${broken.first_broken?.id}, ${broken.first_broken?.problem}) after ${broken.took_ms} ms`,
  );
}

async function sqlite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'salon-journal-'));
  const file = join(dir, 'salon.db');
  try {
    const migrated = connect({ sqliteFile: file });
    await migrateToLatest(migrated.db, 'sqlite');
    await migrated.destroy();
    const started = performance.now();
    // The load through better-sqlite3 itself, in 20,000-row transactions (as the bench's generator).
    const raw = new SqliteDatabase(file);
    raw.pragma('synchronous = off');
    const insert = raw.prepare(
      `insert into pos_journal (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`,
    );
    let batch: unknown[][] = [];
    const flush = raw.transaction((rows: unknown[][]) => {
      for (const values of rows) insert.run(...values);
    });
    for (const entry of entries()) {
      batch.push(COLUMNS.map((c) => entry[c]));
      if (batch.length === 20_000) {
        flush(batch);
        batch = [];
      }
    }
    flush(batch);
    raw.close();
    const database = connect({ sqliteFile: file });
    try {
      await setHead(database.db);
      log(`sqlite: ${ENTRIES} entries written in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      await measure('sqlite', database);
    } finally {
      await database.destroy();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgres(serverUrl: string): Promise<void> {
  await withScratchPostgres(serverUrl, 'salon_bench_journal', async (database) => {
    const started = performance.now();
    let batch: Array<HashedFields & { hash: string; kind: JournalKind }> = [];
    const flush = async () => {
      if (batch.length > 0) await database.db.insertInto('pos_journal').values(batch).execute();
      batch = [];
    };
    // 4,000 rows of 13 columns: under PostgreSQL's 65,535 parameters a statement.
    for (const entry of entries()) {
      batch.push({ ...entry, kind: 'sale' });
      if (batch.length === 4_000) await flush();
    }
    await flush();
    await setHead(database.db);
    await sql`analyze pos_journal`.execute(database.db);
    log(`postgres: ${ENTRIES} entries written in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    await measure('postgres', database);
  });
}

await sqlite();
const serverUrl = process.env.DATABASE_URL?.trim();
if (serverUrl) await postgres(serverUrl);
