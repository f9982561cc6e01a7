import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { defaultCountry } from '../../sms/phone.js';
import { AppError } from '../../lib/errors.js';
import { readSettings } from '../settings/service.js';
import { clientImporter } from './clients.js';
import { decodeCsv, delimiterName, parseCsv } from './csv.js';
import type { Importer, RowEnv } from './importer.js';
import { resolveMapping, type ImportKind, type PresetName } from './presets.js';
import { productImporter } from './products.js';
import { loadLookups } from './repository.js';
import type { ImportAction, ImportReport, ImportRow } from './schemas.js';
import { serviceImporter } from './services.js';
import { notationOf } from './values.js';
import { type Claim, importRow } from './import-row.js';
import { recordImportRun } from './history.js';

/*
 * Importing a whole file. The rows run in batches (BATCH_SIZE rows, on SQLite BATCH_MAX_MS of
 * work at most, the event loop turning between them), one transaction per batch, each row's
 * writes inside a savepoint: a refused row is rolled back alone and reported, the rest of its
 * batch goes on. A dry run does the very same work and rolls each batch back. Two rows of one
 * file that describe one record are refused as duplicates (the second), so no row depends on what
 * an earlier row of the same run wrote, and a dry run, whose earlier batches are gone, reports
 * what the real run will do.
 */

/** The largest file the API takes; the command line has no limit. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most rows one upload may have: a larger file is imported from the command line. */
export const IMPORT_MAX_ROWS = 20_000;
/** Rows per transaction at most: a lock held a fraction of a second, a few round trips per row. */
export const BATCH_SIZE = 500;
/**
 * On SQLite a batch also ends once it has worked this long, and the import lets the event loop
 * turn before the next one. Every SQLite query runs synchronously in this process and the
 * batch's transaction holds the one connection, so an import that never paused held every
 * other request until its last row: a 20,000-row file stalled the service for seconds. Bounded
 * by time rather than rows, the pause comes as often on a slow machine as on a fast one, and
 * other requests wait one batch at most. PostgreSQL's queries wait on the network, so other
 * requests run meanwhile on their own connections; there smaller batches would only add
 * commits.
 */
export const BATCH_MAX_MS = 50;

/**
 * PostgreSQL advisory lock keys, one per kind, taken by each batch's transaction: two imports
 * of the same records at once (a double click, the command line beside an upload) would
 * otherwise both find no match and both create. On SQLite, write transactions are exclusive
 * already (BEGIN IMMEDIATE).
 */
const BATCH_LOCKS: Record<ImportKind, number> = { clients: 72_740_801, services: 72_740_802, products: 72_740_803 };

const IMPORTERS: Record<ImportKind, Importer<unknown, Record<string, unknown>>> = {
  clients: clientImporter,
  services: serviceImporter,
  products: productImporter,
};

export interface ImportOptions {
  kind: ImportKind;
  preset?: PresetName | undefined;
  /** `Column=field,…`, over the preset. */
  mapping?: string | undefined;
  dryRun: boolean;
  /** Who imports: stock moves of new products are recorded for them; null from the command line. */
  userId: number | null;
  /** Refuse a file of more rows (413); default no limit. */
  maxRows?: number;
  batchSize?: number;
  /** How long one batch may work before it commits and the event loop turns (BATCH_MAX_MS on SQLite, else no limit). */
  batchMaxMs?: number;
  /** The file's name, for the history of imports. */
  fileName?: string | undefined;
  /** Told after each row: rows done, rows in all. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Imports (or, with `dryRun`, checks) a CSV file of `kind` and reports every row. The file
 * itself is refused as a whole: 415 when it is not text, 400 `invalid_csv` / `empty_file`
 * when it cannot be read as CSV, 400 `invalid_mapping` / `mapping_incomplete` for the
 * columns, 413 `too_many_rows` over `maxRows`. A database failure that is no row's fault
 * ends the import: the batches committed before it stay, and running the file again picks
 * up where it stopped (those rows then report `unchanged`).
 */
export async function importCsv(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'config'>,
  data: Buffer,
  options: ImportOptions,
): Promise<ImportReport> {
  const table = await parseCsv(await decodeCsv(data));
  const preset = options.preset ?? 'generic';
  const mapping = resolveMapping(options.kind, preset, table.header, options.mapping);
  if (options.maxRows !== undefined && table.records.length > options.maxRows) {
    throw new AppError(
      413,
      'too_many_rows',
      `The file has ${table.records.length} rows; at most ${options.maxRows} are imported through the API: use the command line (npm run import) for larger files`,
    );
  }
  const importer = IMPORTERS[options.kind];
  const { language } = await readSettings(ctx.db);
  const notation = notationOf(language);
  const phoneCountry = defaultCountry(language);
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const batchMaxMs = options.batchMaxMs ?? (ctx.dialect === 'sqlite' ? BATCH_MAX_MS : Infinity);
  const claimed = new Map<string, Claim>();
  const rows: ImportRow[] = [];
  const total = table.records.length;
  options.onProgress?.(0, total);
  while (rows.length < total) {
    if (rows.length > 0) await yieldToEventLoop();
    const trx = await ctx.db.startTransaction().execute();
    try {
      if (ctx.dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(${BATCH_LOCKS[options.kind]})`.execute(trx);
      const env: RowEnv = {
        trx,
        dialect: ctx.dialect,
        notation,
        phoneCountry,
        lookups: await loadLookups(trx, options.kind),
        stock: { publicBaseUrl: ctx.config.publicBaseUrl },
        userId: options.userId,
      };
      const started = performance.now();
      const end = Math.min(rows.length + batchSize, total);
      while (rows.length < end && performance.now() - started < batchMaxMs) {
        rows.push(await importRow(importer, table.records[rows.length]!, mapping, env, claimed, options.dryRun));
        options.onProgress?.(rows.length, total);
      }
      if (options.dryRun) await trx.rollback().execute();
      else await trx.commit().execute();
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      throw error;
    }
  }
  const count = (action: ImportAction) => rows.filter((r) => r.action === action).length;
  const report: ImportReport = {
    kind: options.kind,
    dry_run: options.dryRun,
    preset,
    delimiter: delimiterName(table.delimiter),
    columns: mapping.map(({ column, field }) => ({ column, field })),
    totals: {
      rows: rows.length,
      create: count('create'),
      update: count('update'),
      unchanged: count('unchanged'),
      refused: count('refused'),
    },
    rows,
  };
  if (!options.dryRun) await recordImportRun(ctx.db, report, { userId: options.userId, fileName: options.fileName });
  return report;
}
