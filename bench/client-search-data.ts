/*
 * The 200,000 clients of the client search's benches (bench/client-search.ts, the list's code
 * called directly; bench/client-search-http.ts, the service under load), shaped as
 * bench/generate.ts makes them: its first and last names, `client<id>@example.com`, `+316…`
 * mobiles, arrival spread over five years. Generated from a fixed seed, so both benches search
 * the same clients.
 */
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { connect, type Database } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { FIRST_NAMES, LAST_NAMES } from './generate.js';
import { Random } from './random.js';

export const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200_000);
const pad = (n: number, width: number) => String(n).padStart(width, '0');

export interface ClientRow {
  id: number;
  name: string;
  email: string;
  phone: string;
  created_at: string;
  updated_at: string;
}

export function benchClients(): ClientRow[] {
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

/** What the desk types, for `rounds` clients picked at random: their mobile as said, their email's start, their name. */
export function deskSearches(rows: ClientRow[], rounds: number): Array<{ kind: string; typed: string[] }> {
  const random = new Random(7);
  const pick = () => rows[random.int(0, rows.length - 1)]!;
  const many = (make: (row: ClientRow) => string) => Array.from({ length: rounds }, () => make(pick()));
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

/** A SQLite file migrated by the app with `rows` inserted (their search index filled by its triggers). */
export async function buildSqliteClients(file: string, rows: ClientRow[]): Promise<void> {
  const migrated = connect({ sqliteFile: file });
  await migrateToLatest(migrated.db, 'sqlite');
  await migrated.destroy();
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
}

/** `rows` inserted into a PostgreSQL database migrated by the app, then analysed. */
export async function fillPostgresClients(database: Database, rows: ClientRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 6_000) {
    await database.db
      .insertInto('clients')
      .values(rows.slice(i, i + 6_000).map((r) => ({ ...r, gender: '' as const, notes: '', marketing_consent: 0 })))
      .execute();
  }
  await sql`select setval(pg_get_serial_sequence('clients', 'id'), ${rows.length})`.execute(database.db);
  await sql`analyze clients`.execute(database.db);
}
