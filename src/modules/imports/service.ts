/*
 * The imports module's one entry for other modules (and its routes and the import command).
 * Importing a CSV export of another system: every row goes through the owning module's own
 * checks and writes (createClientIn, updateServiceIn …), so an import stores only what the API
 * would accept, fires the same webhooks and keeps the same history (a product's initial stock is
 * a stock move). Rows are matched to existing records by a natural key (see each importer), which
 * makes a second run of the same file change nothing: every row reports `unchanged`. The module
 * is split by subject:
 *
 *   import-file.ts  a whole file: its limits, the batches and their transactions, the report
 *   import-row.ts   one row: prepared, matched, created or updated in a savepoint, or refused
 *   importer.ts     what an importer of one kind does; clients.ts, services.ts, products.ts: the three
 *   csv.ts          reading the file; values.ts: cell text read into the values the API takes
 *   presets.ts      which column holds which field, per kind of export
 *   repository.ts   the reads rows are matched with, by natural key, live records only
 *   summary.ts      the report as the command line prints it
 *   history.ts      the history of imports: each file imported for real, with its totals
 */

export { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importCsv, type ImportOptions } from './import-file.js';
export { IMPORT_KINDS, PRESET_NAMES, type ImportKind, type PresetName } from './presets.js';
export type { ImportReport } from './schemas.js';
export { summaryLines } from './summary.js';
export { listImportRuns } from './history.js';
