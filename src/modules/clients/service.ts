import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import type { ClientsTable, DB } from '../../db/types.js';
import { containsPattern, likeEscaped } from '../../db/like.js';
import { paginate, type Page } from '../../http/pagination.js';
import { toFlag } from '../../http/schemas.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict, notFound, type AppError } from '../../lib/errors.js';
import { formatInstant, isValidDate, nowIso, todayIn } from '../../lib/time.js';
import { normalizeEmail } from '../auth/service.js';
import { readTimezone } from '../settings/service.js';
import { e164OfSearch, normalisePhone } from '../sms/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { labelKey, labelNamesOf, moveClientLabels, setClientLabels } from './labels.js';
import type { ClientCreateInput, ClientListInput, ClientOutput, ClientUpdateInput } from './schemas.js';
import { lockRows, type LockStrength } from '../../db/locks.js';

/**
 * What a client row keeps of a person once erased or merged away: nothing that identifies
 * them (the row itself stays, for the bookings and sales that point at it).
 */
export const WITHOUT_PERSONAL_DATA = {
  email: null,
  phone: '',
  birthday: null,
  gender: '',
  notes: '',
  marketing_consent: 0,
  sms_consent: 0,
  language: null,
  password_hash: null,
} as const;

export { registerClientExportSection } from './export-sections.js';
export { registerClientBookingReads } from './history.js';
// The importer (modules/imports) validates its rows with the API's own schemas.
export { ClientCreateBody, ClientUpdateBody } from './schemas.js';

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

const invalidField = (field: string, message: string) =>
  badRequest('validation_failed', `Invalid input: ${field} ${message}`, [{ field, message }]);

const emailTaken = () => conflict('email_taken', 'Another client already has this email address');

/** `''` and null both mean "no email"; stored lower-cased. */
function emailValue(email: string | null): string | null {
  if (email === null) return null;
  const normalized = normalizeEmail(email);
  return normalized === '' ? null : normalized;
}

/** A real calendar day, not in the future (in the salon's zone) and not before 1900. */
function checkBirthday(birthday: string | null | undefined, timezone: string): void {
  if (birthday === null || birthday === undefined) return;
  if (!isValidDate(birthday)) throw invalidField('birthday', 'must be a real date (YYYY-MM-DD)');
  if (birthday > todayIn(timezone)) throw invalidField('birthday', 'may not be in the future');
  if (birthday < '1900-01-01') throw invalidField('birthday', 'may not be before 1900-01-01');
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

/** Spaces and dashes do not count in phone numbers: `06-1234 5678` is found by `0612345678`. */
function stripPhone(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/**
 * Clients by name (case-insensitive), then id: one query for the rows, one for their
 * labels (the whole page at once) and, when paginated, one count. Erased and merged-away
 * clients are left out unless `include_inactive`.
 */
export async function listClients(
  db: Kysely<DB>,
  filter: ClientListInput,
): Promise<ClientOutput[] | Page<ClientOutput>> {
  const timezone = await readTimezone(db);
  let base = db.selectFrom('clients');
  if (filter.include_inactive !== true) {
    base = base.where('erased_at', 'is', null).where('merged_into_id', 'is', null);
  }
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    const phone = stripPhone(search);
    // Phones are stored in E.164: `06 1234 5678` finds `+31612345678`.
    const e164 = await e164OfSearch(db, search);
    base = base.where((eb) =>
      eb.or([
        likeEscaped(sql`lower(name)`, pattern),
        likeEscaped(sql`lower(email)`, pattern),
        // replace() is the same on both engines; a search of only spaces and dashes skips it.
        ...(phone ? [likeEscaped(sql`replace(replace(phone, ' ', ''), '-', '')`, containsPattern(phone))] : []),
        ...(e164 ? [eb('phone', '=', e164)] : []),
      ]),
    );
  }
  const label = filter.label?.trim();
  if (label) {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('client_label_assignments as a')
          .innerJoin('client_labels as l', 'l.id', 'a.label_id')
          .select('a.client_id')
          .whereRef('a.client_id', '=', 'clients.id')
          .where('l.name_key', '=', labelKey(label)),
      ),
    );
  }
  const query = base
    .selectAll()
    .orderBy(sql`lower(name)`)
    .orderBy('id');
  const count = async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  const result = await paginate(query, count, filter, (row) => row);
  const rows = Array.isArray(result) ? result : result.data;
  const labels = await labelNamesOf(
    db,
    rows.map((r) => r.id),
  );
  const data = rows.map((row) => toClient(row, labels.get(row.id) ?? [], timezone));
  return Array.isArray(result) ? data : { ...result, data };
}

async function ensureEmailFree(trx: Executor, email: string | null, exceptId: number | null): Promise<void> {
  if (email === null) return;
  let query = trx.selectFrom('clients').select('id').where('email', '=', email);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw emailTaken();
}

/**
 * Runs a client write in one transaction. The email check inside it answers the common
 * case; two concurrent writes of one email both pass it on PostgreSQL, and the partial
 * unique index `clients_email_unique` then turns the second into a 409 here.
 */
async function writeClient<T>(ctx: AppContext, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function createClient(ctx: AppContext, input: ClientCreateInput): Promise<ClientOutput> {
  return writeClient(ctx, (trx) => createClientIn(trx, input));
}

/**
 * POST /api/clients inside the caller's transaction: every check and write of a create, so
 * that the importer, which creates many clients in one transaction, stores only what the API
 * would. The caller turns a unique violation of the email into 409 (writeClient does).
 */
export async function createClientIn(trx: Transaction<DB>, input: ClientCreateInput): Promise<ClientOutput> {
  const timezone = await readTimezone(trx);
  checkBirthday(input.birthday, timezone);
  const email = emailValue(input.email ?? null);
  const phone = await normalisePhone(trx, input.phone ?? '', 'phone');
  await ensureEmailFree(trx, email, null);
  const now = nowIso();
  const row = await trx
    .insertInto('clients')
    .values({
      name: input.name.trim(),
      email,
      phone,
      birthday: input.birthday ?? null,
      gender: input.gender ?? '',
      notes: input.notes ?? '',
      marketing_consent: input.marketing_consent === undefined ? 0 : toFlag(input.marketing_consent),
      sms_consent: input.sms_consent === undefined ? 0 : toFlag(input.sms_consent),
      language: input.language ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.labels) await setClientLabels(trx, row.id, input.labels);
  await recordWebhookEvent(trx, 'client.created', row.id);
  return readClient(trx, row.id, timezone);
}

/** Only the fields present change; `labels` replaces the whole set. Erased or merged-away: 409. */
export async function updateClient(ctx: AppContext, id: number, input: ClientUpdateInput): Promise<ClientOutput> {
  return writeClient(ctx, (trx) => updateClientIn(trx, ctx.dialect, id, input));
}

/** PUT /api/clients/:id inside the caller's transaction (see createClientIn). */
export async function updateClientIn(
  trx: Transaction<DB>,
  dialect: Dialect,
  id: number,
  input: ClientUpdateInput,
): Promise<ClientOutput> {
  const timezone = await readTimezone(trx);
  checkBirthday(input.birthday, timezone);
  const phone = input.phone === undefined ? undefined : await normalisePhone(trx, input.phone, 'phone');
  const current = await findClient(trx, id, dialect);
  requireActive(current);
  const changes: Partial<Omit<ClientRow, 'id' | 'created_at'>> = {};
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.email !== undefined) {
    changes.email = emailValue(input.email);
    await ensureEmailFree(trx, changes.email, id);
  }
  if (phone !== undefined) changes.phone = phone;
  if (input.birthday !== undefined) changes.birthday = input.birthday;
  if (input.gender !== undefined) changes.gender = input.gender;
  if (input.notes !== undefined) changes.notes = input.notes;
  if (input.marketing_consent !== undefined) changes.marketing_consent = toFlag(input.marketing_consent);
  if (input.sms_consent !== undefined) changes.sms_consent = toFlag(input.sms_consent);
  if (input.language !== undefined) changes.language = input.language;
  if (input.labels !== undefined) await setClientLabels(trx, id, input.labels);
  if (Object.keys(changes).length > 0 || input.labels !== undefined) {
    await trx
      .updateTable('clients')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await recordWebhookEvent(trx, 'client.updated', id);
  }
  return readClient(trx, id, timezone);
}

/**
 * Removes a client who has no history. Bookings and orders reference clients with RESTRICT
 * foreign keys, so deleting a client with any is refused (409): erase them instead, which
 * keeps the row for the books. The empty records of duplicates merged into this client go
 * with it (they would otherwise reappear as live clients with no name).
 */
export async function deleteClient(ctx: AppContext, id: number): Promise<void> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await findClient(trx, id, ctx.dialect);
      await trx.deleteFrom('clients').where('merged_into_id', '=', id).execute();
      await trx.deleteFrom('clients').where('id', '=', id).execute();
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw conflict(
        'client_has_history',
        'This client has history (bookings, orders) and cannot be deleted; erase their personal data instead',
      );
    }
    throw error;
  }
}

// ---------------------------------------------------------------- merging duplicates

/** Moves whatever belongs to the duplicate `fromId` over to the client `toId`. */
type MergeStep = (trx: Transaction<DB>, fromId: number, toId: number) => Promise<void>;

/** A plain `client_id` column: every row of the duplicate is re-pointed with one UPDATE. */
export function repointColumn(table: string, column: string): MergeStep {
  return async (trx, fromId, toId) => {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${toId} where ${sql.ref(column)} = ${fromId}`.execute(
      trx,
    );
  };
}

/** An unsubscribe of either client holds for the merged client: marketing is opt-in. */
const moveUnsubscribe: MergeStep = async (trx, fromId, toId) => {
  const unsubscribed = await trx
    .selectFrom('client_unsubscribes')
    .select('created_at')
    .where('client_id', '=', fromId)
    .executeTakeFirst();
  if (unsubscribed) {
    await trx
      .insertInto('client_unsubscribes')
      .values({ client_id: toId, created_at: unsubscribed.created_at })
      .onConflict((conflict) => conflict.column('client_id').doNothing())
      .execute();
  }
};

/** The duplicate's pending sign-in links die with its login. */
const dropMagicTokens: MergeStep = async (trx, fromId) => {
  await trx.deleteFrom('client_magic_tokens').where('client_id', '=', fromId).execute();
};

/**
 * Everything that references a client and moves to the kept client on a merge. The one
 * place to extend when a module adds a table with a client reference, e.g.
 * `repointColumn('bookings', 'client_id')`, `repointColumn('pos_orders', 'client_id')`.
 */
export const MERGE_STEPS: ReadonlyArray<{ name: string; move: MergeStep }> = [
  { name: 'client_label_assignments', move: moveClientLabels },
  // Duplicates merged earlier into the duplicate now point at the kept client.
  { name: 'clients.merged_into_id', move: repointColumn('clients', 'merged_into_id') },
  { name: 'bookings', move: repointColumn('bookings', 'client_id') },
  { name: 'waitlist_entries', move: repointColumn('waitlist_entries', 'client_id') },
  // The till: orders, points, gift cards bought, packages and their credits, discount usage.
  { name: 'pos_orders', move: repointColumn('pos_orders', 'client_id') },
  { name: 'loyalty_ledger', move: repointColumn('loyalty_ledger', 'client_id') },
  { name: 'gift_cards', move: repointColumn('gift_cards', 'client_id') },
  { name: 'client_packages', move: repointColumn('client_packages', 'client_id') },
  { name: 'client_package_credits', move: repointColumn('client_package_credits', 'client_id') },
  { name: 'promotion_usages', move: repointColumn('promotion_usages', 'client_id') },
  { name: 'reviews', move: repointColumn('reviews', 'client_id') },
  { name: 'client_unsubscribes', move: moveUnsubscribe },
  { name: 'client_magic_tokens', move: dropMagicTokens },
];

/**
 * Merges the duplicate into the client: the client keeps its own values and takes the
 * duplicate's where its own are empty (email, phone, birthday, gender; the login password
 * only together with the email), the duplicate's notes are appended, and everything that
 * references the duplicate moves over (MERGE_STEPS). The duplicate row stays, emptied of
 * personal data, with `merged_into_id` set, so old references and links still resolve.
 */
export async function mergeClients(ctx: AppContext, id: number, duplicateId: number): Promise<ClientOutput> {
  if (id === duplicateId) throw conflict('merge_same_client', 'A client cannot be merged into itself');
  const timezone = await readTimezone(ctx.db);
  return writeClient(ctx, async (trx) => {
    // Locked in id order, so two opposite merges of one pair cannot deadlock.
    const [first, second] = id < duplicateId ? [id, duplicateId] : [duplicateId, id];
    const rows = new Map<number, ClientRow>();
    for (const clientId of [first, second]) rows.set(clientId, await findClient(trx, clientId, ctx.dialect));
    const client = rows.get(id)!;
    const duplicate = rows.get(duplicateId)!;
    requireActive(client);
    requireActive(duplicate);

    const now = nowIso();
    // The duplicate's email is released first, so that the unique index holds throughout.
    await trx
      .updateTable('clients')
      .set({
        ...WITHOUT_PERSONAL_DATA,
        name: `Merged into client #${id}`,
        merged_into_id: id,
        updated_at: now,
      })
      .where('id', '=', duplicateId)
      .execute();

    const takeEmail = client.email === null && duplicate.email !== null;
    const notes = [client.notes, duplicate.notes].filter((n) => n.trim() !== '').join('\n\n');
    await trx
      .updateTable('clients')
      .set({
        email: takeEmail ? duplicate.email : client.email,
        password_hash: takeEmail && client.password_hash === null ? duplicate.password_hash : client.password_hash,
        phone: client.phone === '' ? duplicate.phone : client.phone,
        birthday: client.birthday ?? duplicate.birthday,
        gender: client.gender === '' ? duplicate.gender : client.gender,
        notes,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();

    for (const step of MERGE_STEPS) await step.move(trx, duplicateId, id);
    await recordWebhookEvent(trx, 'client.updated', id);
    return readClient(trx, id, timezone);
  });
}
