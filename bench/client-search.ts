/*
 * The client search (`GET /api/clients?search=`, the till's and the list's) on 200,000 clients,
 * without the full chain (whose generator, mostly its 2 M bookings, takes half an hour on a
 * shared machine): the clients alone, shaped as bench/generate.ts makes them (its first and
 * last names, `client<id>@example.com`, `+316…` mobiles), in a SQLite file and (with
 * DATABASE_URL) a PostgreSQL database `salon_bench_clients`, each migrated by the app. The
 * list's own code (`listClients`: the page, its labels and its count) is called for searches
 * as the desk types them, one after the other, and each one timed: p50 and p99 per kind.
 *
 *   npx tsx bench/client-search.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/client-search.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { connect, type Database } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { listClients } from '../src/modules/clients/service.js';
import { FIRST_NAMES, LAST_NAMES } from './generate.js';
import { withScratchPostgres } from './postgres.js';
import { Random } from './random.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const log = (line: string) => process.stderr.write(`${line}\n`);
const pad = (n: number, width: number) => String(n).padStart(width, '0');

interface Row {
  id: number;
  name: string;
  email: string;
  phone: string;
  created_at: string;
  updated_at: string;
}

function clients(): Row[] {
  const random = new Random(42);
  const first = Date.parse('2021-11-28T00:00:00Z');
  const span = Date.now() - first;
  return Array.from({ length: CLIENTS }, (_, i) => {
    const id = i + 1;
    const at = new Date(first + (id / CLIENTS) * span).toISOString();
    return {
      id,
      name: `${FIRST_NAMES[random.int(0, FIRST_NAMES.length - 1)]} ${LAST_NAMES[random.int(0, LAST_NAMES.length - 1)]}`,
      email: `client${id}@example.com`,
      phone: `+316${pad(random.int(0, 99_999_999), 8)}`,
      created_at: at,
      updated_at: at,
    };
  });
}

/** What the desk types, for clients picked at random: their mobile as said, their email's start, their name. */
function searches(rows: Row[]): Array<{ kind: string; typed: string[] }> {
  const random = new Random(7);
  const pick = () => rows[random.int(0, rows.length - 1)]!;
  const many = (make: (row: Row) => string) => Array.from({ length: ROUNDS }, () => make(pick()));
  return [
    {
      kind: 'a mobile typed with spaces (`06 1234 5678`, 1 match)',
      typed: many((r) => `06 ${r.phone.slice(4, 8)} ${r.phone.slice(8)}`),
    },
    { kind: 'part of a mobile (`1234 567`)', typed: many((r) => `${r.phone.slice(5, 9)} ${r.phone.slice(9, 12)}`) },
    { kind: 'the start of an email (`client123457@`, 1 match)', typed: many((r) => r.email.slice(0, r.email.indexOf('@') + 1)) },
    { kind: 'a whole name (`Eva Jansen`, ~170 matches)', typed: many((r) => r.name) },
    { kind: 'a surname (`jansen`, ~6,700–13,000 matches)', typed: many((r) => r.name.split(' ').slice(1).join(' ').toLowerCase()) },
    { kind: 'two letters (`ja`, read without the index)', typed: many((r) => r.name.slice(0, 2).toLowerCase()) },
  ]; // prettier-ignore
}

async function measure(engine: string, database: Database, rows: Row[]): Promise<void> {
  for (const { kind, typed } of searches(rows)) {
    for (const limit of [8, 25]) {
      const times: number[] = [];
      for (const search of typed) {
        const started = performance.now();
        const page = await listClients(database.db, { search, page: 1, limit }, database.dialect);
        times.push(performance.now() - started);
        if (Array.isArray(page) || page.total < 1) throw new Error(`${engine}: ${search} found nothing`);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(1);
      log(
        `${engine} | ${kind} | page of ${limit} | p50 ${at(0.5)} ms | p99 ${at(0.99)} ms | load ${loadavg()[0]!.toFixed(1)}`,
      );
    }
  }
}

const rows = clients();

async function sqlite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'salon-clients-'));
  const file = join(dir, 'salon.db');
  try {
    const migrated = connect({ sqliteFile: file });
    await migrateToLatest(migrated.db, 'sqlite');
    await migrated.destroy();
    const started = performance.now();
    const raw = new SqliteDatabase(file);
    raw.pragma('synchronous = off');
    const insert = raw.prepare(
      'insert into clients (id, name, email, phone, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
    );
    raw.transaction(() => {
      for (const r of rows) insert.run(r.id, r.name, r.email, r.phone, r.created_at, r.updated_at);
    })();
    raw.exec('analyze');
    raw.close();
    log(
      `sqlite: ${CLIENTS} clients (and their search index, by its triggers) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const database = connect({ sqliteFile: file });
    try {
      await measure('sqlite', database, rows);
    } finally {
      await database.destroy();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgres(serverUrl: string): Promise<void> {
  await withScratchPostgres(serverUrl, 'salon_bench_clients', async (database) => {
    const started = performance.now();
    for (let i = 0; i < rows.length; i += 6_000) {
      await database.db
        .insertInto('clients')
        .values(rows.slice(i, i + 6_000).map((r) => ({ ...r, gender: '' as const, notes: '', marketing_consent: 0 })))
        .execute();
    }
    await sql`select setval(pg_get_serial_sequence('clients', 'id'), ${CLIENTS})`.execute(database.db);
    await sql`analyze clients`.execute(database.db);
    log(`postgres: ${CLIENTS} clients in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    await measure('postgres', database, rows);
  });
}

if ((process.env.BENCH_ENGINES ?? 'sqlite,postgres').includes('sqlite')) await sqlite();
const serverUrl = process.env.DATABASE_URL?.trim();
if (serverUrl) await postgres(serverUrl);
