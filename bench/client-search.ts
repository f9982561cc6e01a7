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
import { connect, type Database } from '../src/db/connection.js';
import { listClients } from '../src/modules/clients/service.js';
import {
  benchClients,
  buildSqliteClients,
  CLIENTS,
  deskSearches,
  fillPostgresClients,
  type ClientRow,
} from './client-search-data.js';
import { withScratchPostgres } from './postgres.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const log = (line: string) => process.stderr.write(`${line}\n`);

async function measure(engine: string, database: Database, rows: ClientRow[]): Promise<void> {
  for (const { kind, typed } of deskSearches(rows, ROUNDS)) {
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

const rows = benchClients();

async function sqlite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'salon-clients-'));
  const file = join(dir, 'salon.db');
  try {
    const started = performance.now();
    await buildSqliteClients(file, rows);
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
    await fillPostgresClients(database, rows);
    log(`postgres: ${CLIENTS} clients in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    await measure('postgres', database, rows);
  });
}

if ((process.env.BENCH_ENGINES ?? 'sqlite,postgres').includes('sqlite')) await sqlite();
const serverUrl = process.env.DATABASE_URL?.trim();
if (serverUrl) await postgres(serverUrl);
