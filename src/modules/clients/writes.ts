import { type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/types.js';
import { toFlag } from '../../http/schemas.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { isValidDate, nowIso, todayIn } from '../../lib/time.js';
import { normalizeEmail } from '../auth/service.js';
import { readTimezone } from '../settings/service.js';
import { normalisePhone } from '../sms/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { setClientLabels } from './labels.js';
import type { ClientCreateInput, ClientOutput, ClientUpdateInput } from './schemas.js';
import { findClient, readClient, requireActive, type ClientRow } from './record.js';

/* Creating, changing and deleting a client: the API's writes and the importer's (…In). */

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
export async function writeClient<T>(ctx: AppContext, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
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
