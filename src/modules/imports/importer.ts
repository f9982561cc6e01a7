import type { Transaction } from 'kysely';
import type { CountryCode } from 'libphonenumber-js';
import type { Dialect } from '../../db/connection.js';
import type { DB } from '../../db/types.js';
import { badRequest, type AppError, type FieldError } from '../../lib/errors.js';
import { schemaCheck } from '../../http/validation.js';
import type { StockContext } from '../inventory/service.js';
import type { Notation } from './values.js';
import type { Lookups } from './repository.js';

/** What a row's work runs in: the batch's transaction and what was read once for the batch. */
export interface RowEnv {
  trx: Transaction<DB>;
  dialect: Dialect;
  notation: Notation;
  /** The country a phone number without `+` is read in (the salon's). */
  phoneCountry: CountryCode;
  lookups: Lookups;
  stock: StockContext;
  /** The admin who uploaded the file (stock moves are recorded for them); null from the command line. */
  userId: number | null;
}

/** The keys a row is known by within the file, to refuse a second row of the same record. */
export interface FileKeys {
  /** Keys that an earlier row must not have claimed. */
  check: string[];
  /** Keys this row claims, with a word for the message (`email`, `phone`, …). */
  claim: Array<[key: string, what: string]>;
}

/** The changes an import makes to a matched record, in the API's update shape, and their fields. */
export interface Changes<U> {
  input: U;
  fields: string[];
}

/**
 * One kind of record: how a row's cells become the API's input, how the record it describes
 * is found, what would change, and the writes, all through the owning module's service.
 */
export interface Importer<P, U> {
  /** The cells (by field) read into the API's shapes; throws an AppError that refuses the row. */
  prepare(cells: Map<string, string>, env: RowEnv): P | Promise<P>;
  /** How the report names the row's record. */
  label(row: P): string;
  fileKeys(row: P): FileKeys;
  /** The id of the existing record the row describes, or null; throws (400 `ambiguous_match`) when several could be. */
  find(row: P, env: RowEnv): Promise<number | null>;
  /** What the row would change on record `id`; null when nothing. */
  changes(row: P, id: number, env: RowEnv): Promise<Changes<U> | null>;
  /** Creates the record (the create schema is checked first); its id. */
  create(row: P, env: RowEnv): Promise<number>;
  update(id: number, input: U, env: RowEnv): Promise<void>;
}

/** A refusal of a row's value before the API sees it: the column's text cannot be read. */
export function unreadable(field: string, message: string): AppError {
  return badRequest('invalid_value', `Invalid value: ${field} ${message}`, [{ field, message }]);
}

/** A check of an API input shape that refuses the row with the API's own validation details. */
export function apiCheck(schema: object): (value: object) => void {
  const check = schemaCheck(schema, 'body');
  return (value) => {
    const details: FieldError[] | null = check(value);
    if (details) {
      throw badRequest(
        'validation_failed',
        `Invalid input: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`,
        details,
      );
    }
  };
}

/** 400 `ambiguous_match`: more than one existing record fits the row. */
export function ambiguous(message: string): AppError {
  return badRequest('ambiguous_match', message);
}

/** The field names of an update input, for the report. */
export function changedFields(input: object): string[] {
  return Object.keys(input);
}
