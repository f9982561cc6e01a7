import { sql } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, badRequest, type FieldError } from '../../lib/errors.js';
import type { CsvRecord } from './csv.js';
import type { Importer, RowEnv } from './importer.js';
import { cellsByField, type ColumnMapping } from './presets.js';
import type { ImportRow } from './schemas.js';

/*
 * Importing one row: prepared, checked against the rows before it in the file, matched to an
 * existing record, then created or updated in a savepoint; a refusal is reported with the column
 * it came from.
 */

/** The API field an error detail names, as the column it was read from is mapped. */
const FIELD_OF_DETAIL: Record<string, string> = {
  category_id: 'category',
  supplier_id: 'supplier',
  vat_rate_id: 'vat_rate',
};

function columnOf(mapping: ColumnMapping[], field: string): string | undefined {
  const mapped = FIELD_OF_DETAIL[field] ?? field;
  const candidates = mapped === 'phone' ? ['mobile', 'phone'] : mapped === 'name' ? ['name', 'first_name'] : [mapped];
  for (const candidate of candidates) {
    const column = mapping.find((m) => m.field === candidate)?.column;
    if (column !== undefined) return column;
  }
  return undefined;
}

/** PostgreSQL SQLSTATEs of values a column cannot hold (out of range, too long, not storable). */
const UNSTORABLE = new Set(['22003', '22001', '22021', '22P02', '22008', '22007']);

/** Why a row is refused, from what its work threw; null for an error that is not the row's (it ends the import). */
function refusalOf(error: unknown, mapping: ColumnMapping[]): ImportRow['error'] {
  if (error instanceof AppError && error.status < 500) {
    const details = error.details?.map((detail: FieldError) => {
      const column = columnOf(mapping, detail.field);
      return column === undefined ? detail : { ...detail, column };
    });
    return { code: error.code, message: error.message, ...(details ? { details } : {}) };
  }
  if (isUniqueViolation(error)) {
    return { code: 'conflict', message: 'Another record already has one of these unique values (such as the email)' };
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && UNSTORABLE.has(code)) {
    return { code: 'invalid_input', message: 'Invalid input: a value is out of range or not storable' };
  }
  return null;
}

/** How a refused row is named when its cells could not even be read. */
function fallbackLabel(cells: Map<string, string>): string {
  for (const field of ['email', 'sku', 'ean_code', 'phone', 'mobile', 'name', 'last_name', 'first_name']) {
    const value = cells.get(field);
    if (value !== undefined) return value;
  }
  return [...cells.values()][0] ?? '';
}

export interface Claim {
  line: number;
  what: string;
}

export async function importRow(
  importer: Importer<unknown, Record<string, unknown>>,
  record: CsvRecord,
  mapping: ColumnMapping[],
  env: RowEnv,
  claimed: Map<string, Claim>,
  dryRun: boolean,
): Promise<ImportRow> {
  const cells = cellsByField(mapping, record.cells);
  const row: ImportRow = {
    line: record.line,
    action: 'refused',
    id: null,
    record: fallbackLabel(cells),
    changes: [],
    error: null,
  };
  const extra = record.cells.slice(mapping.length).filter((cell) => cell.trim() !== '').length;
  if (extra > 0) {
    row.error = {
      code: 'too_many_columns',
      message: `The row has ${record.cells.length} cells and the header ${mapping.length} columns: a separator or quote is probably misplaced`,
    };
    return row;
  }
  // Only writes run in a savepoint: the reads before them cannot leave the transaction
  // aborted (an error there that is not a refusal ends the import), and an unchanged row
  // costs no savepoint round trips.
  let writing = false;
  const write = async <T>(work: () => Promise<T>): Promise<T> => {
    await sql`savepoint import_row`.execute(env.trx);
    writing = true;
    try {
      const result = await work();
      await sql`release savepoint import_row`.execute(env.trx);
      return result;
    } catch (error) {
      await sql`rollback to savepoint import_row`.execute(env.trx);
      await sql`release savepoint import_row`.execute(env.trx);
      throw error;
    }
  };
  try {
    const prepared = await importer.prepare(cells, env);
    row.record = importer.label(prepared);
    const keys = importer.fileKeys(prepared);
    const earlier = keys.check.map((key) => claimed.get(key)).find((claim) => claim !== undefined);
    if (earlier) {
      throw badRequest(
        'duplicate_in_file',
        `Same ${earlier.what} as line ${earlier.line}: one record, imported from that line only`,
      );
    }
    for (const [key, what] of keys.claim) if (!claimed.has(key)) claimed.set(key, { line: record.line, what });
    const id = await importer.find(prepared, env);
    if (id === null) {
      const created = await write(() => importer.create(prepared, env));
      row.id = dryRun ? null : created;
      row.action = 'create';
      return row;
    }
    const changes = await importer.changes(prepared, id, env);
    if (changes !== null) await write(() => importer.update(id, changes.input, env));
    row.id = id;
    row.action = changes === null ? 'unchanged' : 'update';
    row.changes = changes?.fields ?? [];
    return row;
  } catch (error) {
    const refusal = error instanceof AppError || writing ? refusalOf(error, mapping) : null;
    if (refusal === null) throw error;
    row.error = refusal;
    return row;
  }
}
