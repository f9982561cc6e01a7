import { type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { ClientsTable, DB } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict, notFound, type AppError } from '../../lib/errors.js';
import { formatInstant } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import { labelNamesOf } from './labels.js';
import type { ClientOutput } from './schemas.js';
import { lockRows, type LockStrength } from '../../db/locks.js';

/*
 * The client record: one client read and shaped for the API, and the live client that other
 * records (bookings, sales, waitlist entries) refer to.
 */

/**
 * What a client row keeps of a person once erased or merged away: nothing that identifies
 * them (the row itself stays, for the bookings and sales that point at it).
 */
export const WITHOUT_PERSONAL_DATA = {
  email: null,
  phone: '',
  // A number typed on the booking page, not yet confirmed: personal data like the phone itself.
  phone_unconfirmed: null,
  birthday: null,
  gender: '',
  notes: '',
  marketing_consent: 0,
  sms_consent: 0,
  language: null,
  password_hash: null,
} as const;

export type ClientRow = Selectable<ClientsTable>;

export function toClient(row: ClientRow, labels: string[], timezone: string): ClientOutput {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    birthday: row.birthday,
    gender: row.gender,
    notes: row.notes,
    marketing_consent: row.marketing_consent === 1 ? 1 : 0,
    sms_consent: row.sms_consent === 1 ? 1 : 0,
    language: row.language,
    labels,
    erased_at: formatInstant(row.erased_at, timezone),
    merged_into_id: row.merged_into_id,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

/**
 * The client row, or 404. Inside a write transaction on PostgreSQL the row is locked until
 * the transaction ends, so an update, merge and erase of one client never interleave (on
 * SQLite every write transaction is already exclusive).
 */
export async function findClient(executor: Executor, id: number, lockFor?: Dialect): Promise<ClientRow> {
  let query = executor.selectFrom('clients').selectAll().where('id', '=', id);
  query = lockRows(query, lockFor);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Client');
  return row;
}

/** 409 unless the client is a live record: not erased and not merged into another. */
export function requireActive(row: ClientRow): void {
  if (row.erased_at !== null) throw conflict('client_erased', "This client's personal data was erased");
  if (row.merged_into_id !== null) {
    throw conflict('client_merged', `This client was merged into client #${row.merged_into_id}`);
  }
}

/** What a record that refers to a client (booking, sale, waitlist entry) needs of it. */
export interface ClientRef {
  id: number;
  name: string;
  email: string | null;
}

/** How a caller is refused a client id: no such client, or one erased or merged away. */
export interface ClientRefusals {
  unknown: (clientId: number) => AppError;
  inactive: (clientId: number) => AppError;
}

/** The refusals of a request body's `client_id` field. */
export const CLIENT_ID_REFUSALS: ClientRefusals = {
  unknown: () =>
    badRequest('unknown_client', 'No client has this id', [
      { field: 'client_id', message: 'is not an existing client' },
    ]),
  inactive: () =>
    badRequest('client_inactive', 'This client was erased or merged into another', [
      { field: 'client_id', message: 'is an erased or merged-away client' },
    ]),
};

/**
 * The client a new record is about to refer to, refused unless it exists and is live (an
 * erased or merged client is a shell kept for old references: nobody to book or sell to).
 * Inside the caller's transaction its row is locked with `lock` (db/locks.ts) until the
 * transaction ends; without `lock`, a plain read.
 */
export async function lockActiveClient(
  trx: Executor,
  clientId: number,
  lock?: { dialect: Dialect; strength: LockStrength },
  refusals: ClientRefusals = CLIENT_ID_REFUSALS,
): Promise<ClientRef> {
  let query = trx
    .selectFrom('clients')
    .select(['id', 'name', 'email', 'erased_at', 'merged_into_id'])
    .where('id', '=', clientId);
  if (lock) query = lockRows(query, lock.dialect, lock.strength);
  const client = await query.executeTakeFirst();
  if (!client) throw refusals.unknown(clientId);
  if (client.erased_at !== null || client.merged_into_id !== null) throw refusals.inactive(clientId);
  return { id: client.id, name: client.name, email: client.email };
}

export async function readClient(executor: Executor, id: number, timezone: string): Promise<ClientOutput> {
  const row = await findClient(executor, id);
  const labels = await labelNamesOf(executor, [id]);
  return toClient(row, labels.get(id) ?? [], timezone);
}

export async function getClient(db: Kysely<DB>, id: number): Promise<ClientOutput> {
  return readClient(db, id, await readTimezone(db));
}
