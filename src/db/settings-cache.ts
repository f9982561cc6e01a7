import { AsyncLocalStorage } from 'node:async_hooks';
import type { Executor } from './executor.js';
import { prepared } from './prepared.js';
import type { Settings } from './types.js';

/*
 * The settings row, held in process and read again only when it changed.
 *
 * Nearly every request reads the settings (the time zone its timestamps are written in, a
 * toggle, the salon's name), and the row is wide: on PostgreSQL reading it costs about three
 * times the client CPU of reading its `version` alone, on SQLite 4.2 µs against 1.5 µs. The
 * database bumps `version` on every UPDATE of the row (a trigger, migration 0029), whoever
 * writes it: the settings module, a test, a command, an operator in psql, another process.
 * So a process keeps the last row it read, per database, and checks the version before
 * trusting it: no TTL, and every committed write is seen by the next read in every process.
 *
 * Where the version check costs nothing extra:
 * - A signed-in request: the auth guard reads the version in its own user check (one
 *   statement) and opens a request view with it (`openSettingsView`); the request's reads
 *   then trust the held row when its version is the one the guard saw.
 * - Any other request: its first read checks the version and the view remembers it, so the
 *   request's later reads check nothing. A request sees the settings as of its first look, as
 *   it sees its user as of the guard's.
 * - A read on a transaction asks inside the transaction (`select version`): the transaction
 *   may have written the row itself. A row read there is never held (it may be rolled back),
 *   and the request's view forgets its version, so the request looks again afterwards.
 * - Code that writes the row calls `settingsWritten()` too, for the same reason.
 *
 * The view lives in an AsyncLocalStorage entered by the request's preHandler hook, so it
 * follows the handler through its awaits and reaches no other request. It closes when the
 * response is sent: anything the request left running (it should leave nothing) checks again.
 * A read outside any view (a job, a command, a test) checks the version every time.
 *
 * LISTEN/NOTIFY was the alternative on PostgreSQL: no statement at all per read, but a
 * notification arrives some time after the writer's COMMIT returns (measured: a query on
 * another connection issued right after the commit finished before the notification in 47
 * of 300 rounds; p99 delay 21 ms on a busy machine), so another process could serve the old
 * settings after the write was acknowledged; and it needs a listening connection per process,
 * re-reading after every reconnect, and has no SQLite counterpart.
 */

const settingsRow = prepared((db) => db.selectFrom('settings').selectAll().where('id', '=', 1));
const settingsVersion = prepared((db) => db.selectFrom('settings').select('version').where('id', '=', 1));

/**
 * The held row per database. Kysely's adapter is made once per `Kysely` instance and shared
 * by its transactions: one key per database connection (pool), so two apps in one process on
 * two databases (the tests) never see each other's row.
 */
const held = new WeakMap<object, Readonly<Settings>>();

function databaseOf(executor: Executor): object {
  return executor.getExecutor().adapter;
}

/** What one request knows of the settings' version. */
export interface SettingsView {
  database: object;
  /** The version the request saw last; null: not looked yet, or looked and then wrote. */
  version: number | null;
  /** False once the response is sent. */
  open: boolean;
}

const views = new AsyncLocalStorage<SettingsView>();

/** A request's view, from the version its auth guard read (null when it read none). */
export function openSettingsView(db: Executor, version: number | null): SettingsView {
  return { database: databaseOf(db), version, open: true };
}

/** Runs `next` (Fastify's `done` of the preHandler hook: the handler itself) inside `view`. */
export function inSettingsView(view: SettingsView, next: () => void): void {
  views.run(view, next);
}

export function closeSettingsView(view: SettingsView | null): void {
  if (view) {
    view.open = false;
    view.version = null;
  }
}

function currentView(database: object): SettingsView | undefined {
  const view = views.getStore();
  return view?.open && view.database === database ? view : undefined;
}

/** Called by code that updates the settings row: the request's later reads look again. */
export function settingsWritten(): void {
  const view = views.getStore();
  if (view) view.version = null;
}

async function readRow(executor: Executor): Promise<Readonly<Settings>> {
  const row = await settingsRow.first(executor, {});
  if (!row) throw new Error('the settings row (id 1) is missing');
  // Shared by every reader of this process: nobody may change it.
  return Object.freeze(row);
}

async function readVersion(executor: Executor): Promise<number | undefined> {
  return (await settingsVersion.first(executor, {}))?.version;
}

/** The settings row as stored (secrets sealed), frozen: the held copy when it is current. */
export async function currentSettings(executor: Executor): Promise<Readonly<Settings>> {
  const database = databaseOf(executor);
  const known = held.get(database);

  if (executor.isTransaction) {
    const version = await readVersion(executor);
    if (known && known.version === version) return known;
    // Written in this transaction, or by someone else meanwhile: either way not to be held
    // (this transaction may still roll back), and the request's view is behind.
    const view = currentView(database);
    if (view) view.version = null;
    return readRow(executor);
  }

  const view = currentView(database);
  if (view && view.version !== null) {
    if (known && known.version === view.version) return known;
    // The guard saw another version than the one held: read the row, no need to ask first.
  } else if (known) {
    const version = await readVersion(executor);
    if (view && version !== undefined) view.version = version;
    if (known.version === version) return known;
  }
  const row = await readRow(executor);
  held.set(database, row);
  if (view) view.version = row.version;
  return row;
}

/**
 * Holds what `load` reads, per database and key, for as long as the settings version stays:
 * for tables whose every change bumps that version (the message texts, migration 0031). Checks
 * the version as `currentSettings` does (nothing more in a request that knows it), and, like
 * the row, never holds what a transaction read: the transaction may have written it.
 *
 * The version is read before the value, so a value held under a version is never older than
 * that version's; one a change committed in between makes newer is replaced at the next look.
 */
export function heldWhileSettingsVersion<K, T>(
  load: (executor: Executor, key: K) => Promise<T>,
): (executor: Executor, key: K) => Promise<T> {
  const values = new WeakMap<object, Map<K, { version: number; value: T }>>();
  return async (executor, key) => {
    const { version } = await currentSettings(executor);
    const database = databaseOf(executor);
    let byKey = values.get(database);
    const known = byKey?.get(key);
    if (known && known.version === version) return known.value;
    const value = await load(executor, key);
    if (!executor.isTransaction) {
      if (!byKey) values.set(database, (byKey = new Map<K, { version: number; value: T }>()));
      byKey.set(key, { version, value });
    }
    return value;
  };
}

/**
 * Runs `work` as a request runs its handler: its reads of the settings (and of what is held
 * with them) trust `version`, which the caller read in a statement of its own (a job that
 * reads its row and the version together, as the auth guard does).
 */
export async function withSettingsVersion<T>(db: Executor, version: number, work: () => Promise<T>): Promise<T> {
  const view = openSettingsView(db, version);
  try {
    return await views.run(view, work);
  } finally {
    closeSettingsView(view);
  }
}
