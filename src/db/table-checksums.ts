import { createHash } from 'node:crypto';
import type SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

/*
 * A row count and a checksum per table, computed the same way from a SQLite database and from a
 * PostgreSQL one, so that a copy from one to the other can be proven whole and unchanged.
 *
 * Each side reads the table in primary-key order, renders every value in one canonical text
 * form (`normalizeValue`, chosen by the PostgreSQL column's type, the more precise of the two),
 * writes each row as a JSON array of those values and one newline into a SHA-256 hash. The two
 * engines hand back the same stored value in different shapes (SQLite: 0/1, text dates,
 * integers; PostgreSQL: booleans, timestamps, text); normalizing before hashing makes equal
 * data give equal checksums and any changed value, missing row or extra row a different one.
 */

/** How a column's values are rendered for the checksum, decided by its PostgreSQL type. */
export type ValueKind =
  'boolean' | 'integer' | 'decimal' | 'timestamptz' | 'timestamp' | 'date' | 'json' | 'bytes' | 'text';

/** The kind of a column from its `information_schema.columns.data_type`. */
export function kindOf(dataType: string): ValueKind {
  switch (dataType) {
    case 'boolean':
      return 'boolean';
    case 'smallint':
    case 'integer':
    case 'bigint':
      return 'integer';
    case 'numeric':
    case 'real':
    case 'double precision':
      return 'decimal';
    case 'timestamp with time zone':
      return 'timestamptz';
    case 'timestamp without time zone':
      return 'timestamp';
    case 'date':
      return 'date';
    case 'json':
    case 'jsonb':
      return 'json';
    case 'bytea':
      return 'bytes';
    default:
      return 'text';
  }
}

/** A value in its canonical form: JSON null, true/false, or a string. */
export type NormalizedValue = string | boolean | null;

const WALL_CLOCK =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(Z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)?$/i;

/**
 * An instant written as text: with a zone (`Z`, `+02:00`, PostgreSQL's `+02`) it is that
 * instant; without one it is read as UTC, as the copy reads it (its session's time zone is UTC).
 */
function parseInstant(text: string): Date | null {
  const match = WALL_CLOCK.exec(text.trim());
  if (!match) return null;
  const [, day, hour = '00', minute = '00', second = '00', fraction = '', zone = 'Z'] = match;
  const offset =
    zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2}):?(\d{2})?.*$/, (_, h, m) => `${h}:${m ?? '00'}`);
  const millis = (fraction + '000').slice(0, 3);
  const date = new Date(`${day}T${hour}:${minute}:${second}.${millis}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A wall-clock time as PostgreSQL's `timestamp without time zone` keeps it: a zone written in
 * the text is dropped (PostgreSQL ignores it for this type), milliseconds kept.
 */
function wallClock(text: string): string | null {
  const match = WALL_CLOCK.exec(text.trim());
  if (!match) return null;
  const [, day, hour = '00', minute = '00', second = '00', fraction = ''] = match;
  return `${day}T${hour}:${minute}:${second}.${(fraction + '000').slice(0, 3)}`;
}

/** JSON with object keys sorted, so that jsonb's reordering of keys changes nothing. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function asText(value: unknown): string {
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * The canonical form of one stored value, the same whichever engine it was read from:
 *
 * - null (SQL NULL) stays null, whatever the column's type;
 * - boolean: `true`/`false` from a boolean, 1/0 (SQLite) or PostgreSQL's `t`/`f`;
 * - integer: decimal digits, exact beyond 2^53 (read SQLite with safe integers: bigint);
 * - decimal: the shortest text that reads back as the same double (`12.5`, `0.1`), so
 *   PostgreSQL's `12.50` and SQLite's 12.5 agree;
 * - timestamptz: the instant in UTC as ISO 8601 with milliseconds (`2026-01-02T03:04:05.000Z`);
 *   text without a zone is UTC; a number is Unix epoch milliseconds;
 * - timestamp: the wall-clock time `YYYY-MM-DDTHH:MM:SS.mmm`, any zone in the text dropped;
 * - date: `YYYY-MM-DD`;
 * - json: the parsed document written back with sorted keys and no spaces;
 * - bytes: lower-case hex (text stored in a bytea column counts as its UTF-8 bytes);
 * - text: the string itself (bytes as UTF-8, numbers in their shortest form).
 *
 * A value that does not fit its kind (a boolean column holding 7) is rendered with a `?`
 * prefix, never silently coerced, so that it cannot match a well-formed value on the other side.
 */
export function normalizeValue(kind: ValueKind, value: unknown): NormalizedValue {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'boolean': {
      if (value === true || value === 1 || value === 1n) return true;
      if (value === false || value === 0 || value === 0n) return false;
      const text = asText(value).toLowerCase();
      if (['t', 'true', '1'].includes(text)) return true;
      if (['f', 'false', '0'].includes(text)) return false;
      return `?${asText(value)}`;
    }
    case 'integer': {
      if (typeof value === 'bigint') return value.toString();
      if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value).toString();
      if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) return BigInt(value.trim()).toString();
      return `?${asText(value)}`;
    }
    case 'decimal': {
      if (typeof value === 'number') return String(value);
      if (typeof value === 'bigint') return String(Number(value));
      const text = asText(value).trim();
      const number = Number(text);
      return text === '' || (Number.isNaN(number) && text !== 'NaN') ? `?${asText(value)}` : String(number);
    }
    case 'timestamptz': {
      const date =
        value instanceof Date
          ? value
          : typeof value === 'number' || typeof value === 'bigint'
            ? new Date(Number(value))
            : parseInstant(asText(value));
      return date && !Number.isNaN(date.getTime()) ? date.toISOString() : `?${asText(value)}`;
    }
    case 'timestamp': {
      if (value instanceof Date) return value.toISOString().slice(0, 23);
      if (typeof value === 'number' || typeof value === 'bigint')
        return new Date(Number(value)).toISOString().slice(0, 23);
      return wallClock(asText(value)) ?? `?${asText(value)}`;
    }
    case 'date': {
      if (value instanceof Date) return value.toISOString().slice(0, 10);
      const match = /^\d{4}-\d{2}-\d{2}/.exec(asText(value).trim());
      return match ? match[0] : `?${asText(value)}`;
    }
    case 'json': {
      const text = asText(value);
      try {
        return stableJson(JSON.parse(text));
      } catch {
        return `?${text}`;
      }
    }
    case 'bytes':
      return (Buffer.isBuffer(value) ? value : Buffer.from(asText(value), 'utf8')).toString('hex');
    case 'text':
      return asText(value);
  }
}

/** One row as it enters the hash: a JSON array of its normalized values in column order. */
export function renderRow(kinds: readonly ValueKind[], row: readonly unknown[]): string {
  return JSON.stringify(kinds.map((kind, index) => normalizeValue(kind, row[index])));
}

export interface ChecksumColumn {
  name: string;
  kind: ValueKind;
}

export interface ChecksumTable {
  name: string;
  /** Every column, in the order both sides render them. */
  columns: ChecksumColumn[];
  /** The primary key's columns, in key order: the order rows are hashed in. */
  primaryKey: string[];
}

export interface TableChecksum {
  table: string;
  rows: number;
  /** SHA-256 (hex) of the rendered rows in primary-key order, each followed by a newline. */
  checksum: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Text keys are ordered by their bytes on both sides: SQLite's BINARY collation, PostgreSQL's
 * "C" collation (byte order of UTF-8, the database's encoding here); the database's default
 * collation (en_US and the like) would order them differently and change the hash.
 */
function orderBy(table: ChecksumTable, collate: string): string {
  return table.primaryKey
    .map((column) => {
      const kind = table.columns.find((c) => c.name === column)?.kind;
      return kind === 'text' ? `${quote(column)} collate ${collate}` : quote(column);
    })
    .join(', ');
}

/** Hashes rows as they are read; `onRows` is told every `every` rows (for a progress bar). */
class RowHasher {
  private readonly hash = createHash('sha256');
  rows = 0;
  constructor(
    private readonly kinds: ValueKind[],
    private readonly onRows?: (rows: number) => void,
    private readonly every = 10_000,
  ) {}

  add(row: readonly unknown[]): void {
    this.hash.update(renderRow(this.kinds, row));
    this.hash.update('\n');
    this.rows += 1;
    if (this.onRows && this.rows % this.every === 0) this.onRows(this.every);
  }

  result(table: string): TableChecksum {
    if (this.onRows) this.onRows(this.rows % this.every);
    return { table, rows: this.rows, checksum: this.hash.digest('hex') };
  }
}

/**
 * The checksum of a table of a SQLite database. Integers are read as bigint (`safeIntegers`),
 * so a value beyond 2^53 that lost precision on the way would show.
 */
export function sqliteChecksum(
  sqlite: SqliteDatabase.Database,
  table: ChecksumTable,
  onRows?: (rows: number) => void,
): TableChecksum {
  const hasher = new RowHasher(
    table.columns.map((c) => c.kind),
    onRows,
  );
  const statement = sqlite
    .prepare(
      `select ${table.columns.map((c) => quote(c.name)).join(', ')} from ${quote(table.name)} order by ${orderBy(table, 'binary')}`,
    )
    .raw(true)
    .safeIntegers(true);
  for (const row of statement.iterate() as Iterable<unknown[]>) hasher.add(row);
  return hasher.result(table.name);
}

/**
 * PostgreSQL's values as the checksum reads them: booleans, bytes and instants parsed by
 * node-postgres (`t`, `\x…`, `… +02` are its wire forms), every other type as PostgreSQL's own
 * text, exact (bigint and numeric never pass through a double here).
 */
const PARSERS = new Map<number, (value: string) => unknown>(
  [pg.types.builtins.BOOL, pg.types.builtins.BYTEA, pg.types.builtins.TIMESTAMPTZ].map((oid) => [
    oid,
    pg.types.getTypeParser(oid, 'text') as (value: string) => unknown,
  ]),
);
const asIs = (value: string) => value;
const checksumTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number) => PARSERS.get(oid) ?? asIs) as pg.CustomTypesConfig['getTypeParser'],
};

const FETCH_ROWS = 5_000;

/**
 * The checksum of a table of a PostgreSQL database, read through a cursor (a table of millions
 * of rows is never held in memory). Runs inside a transaction the caller opened; the next batch
 * is asked for before the current one is hashed, so the server reads while this process hashes.
 */
export async function postgresChecksum(
  client: pg.ClientBase,
  table: ChecksumTable,
  onRows?: (rows: number) => void,
): Promise<TableChecksum> {
  const hasher = new RowHasher(
    table.columns.map((c) => c.kind),
    onRows,
  );
  const cursor = quote(`checksum_${table.name}`);
  await client.query(
    `declare ${cursor} no scroll cursor for select ${table.columns.map((c) => quote(c.name)).join(', ')}
     from ${quote(table.name)} order by ${orderBy(table, '"C"')}`,
  );
  const fetch = () =>
    client.query<unknown[]>({
      text: `fetch forward ${FETCH_ROWS} from ${cursor}`,
      rowMode: 'array',
      types: checksumTypes,
    });
  let next = fetch();
  for (;;) {
    const batch = await next;
    if (batch.rows.length === 0) break;
    next = fetch();
    for (const row of batch.rows) hasher.add(row);
  }
  await client.query(`close ${cursor}`);
  return hasher.result(table.name);
}
