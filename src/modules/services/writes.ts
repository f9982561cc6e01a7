import type { Transaction, Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import { writeChangedFields } from '../../db/partial-update.js';
import { lockRows } from '../../db/locks.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import type { DB, DepositType, ServicesTable } from '../../db/types.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { toCents } from '../../lib/money.js';
import { toFlag } from '../../http/schemas.js';
import { nowIso } from '../../lib/time.js';
import { defaultVatRateId, requireUsableVatRate, vatRateChange } from '../settings/service.js';
import {
  replaceServiceResources,
  requireActiveResources,
  requireValidProcessing,
  type ProcessingFields,
} from './requirements.js';
import type { ServiceCreateInput, ServiceOutput, ServiceUpdateInput } from './schemas.js';
import { letGo } from './photos.js';
import { readService } from './reads.js';

/*
 * Creating, changing and deleting a service. The ...In forms run in the caller's transaction, so
 * the importer stores only what the API would.
 */

/*
 * A referenced row (category, VAT rate) is checked inside the writing transaction. On
 * PostgreSQL the check takes FOR KEY SHARE on it, so it cannot be deleted before the write
 * commits (the foreign key would otherwise fail with a 500-looking error); SQLite's
 * BEGIN IMMEDIATE already serialises every write transaction.
 */

async function requireCategory(trx: Transaction<DB>, dialect: Dialect, id: number): Promise<void> {
  let query = trx.selectFrom('service_categories').select('id').where('id', '=', id);
  query = lockRows(query, dialect, 'key share');
  if (!(await query.executeTakeFirst())) {
    throw badRequest('unknown_category', 'No service category has this id', [
      { field: 'category_id', message: 'is not an existing service category' },
    ]);
  }
}

/** The processing-time fields present in a create or update. */
function givenFields(input: Partial<ProcessingFields>): Set<keyof ProcessingFields> {
  const fields = ['duration_min', 'processing_after_min', 'processing_min'] as const;
  return new Set(fields.filter((field) => input[field] !== undefined));
}

/**
 * The deposit a service asks, checked on the result of a create or update: a percentage is at
 * most 100; `none` stores 0 whatever was sent (the value means nothing then).
 */
function depositTerms(type: DepositType, value: number): { deposit_type: DepositType; deposit_value: number } {
  if (type === 'none') return { deposit_type: 'none', deposit_value: 0 };
  const hundredths = toCents(value);
  if (type === 'percentage' && hundredths > 10_000) {
    throw badRequest('validation_failed', 'A percentage deposit is at most 100', [
      { field: 'deposit_value', message: 'must be between 0 and 100 for a percentage deposit' },
    ]);
  }
  return { deposit_type: type, deposit_value: hundredths };
}

/** A description as stored: trimmed, and null when there is nothing left of it. */
function descriptionOf(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * Without `vat_rate_id`, the system default VAT rate is applied (as for products); with no
 * default rate set, the service has none (`null`).
 */
export async function createService(ctx: AppContext, input: ServiceCreateInput): Promise<ServiceOutput> {
  return ctx.db.transaction().execute((trx) => createServiceIn(trx, ctx.dialect, input));
}

/**
 * POST /api/services inside the caller's transaction: every check and write of a create, so
 * that the importer, which creates many services in one transaction, stores only what the API
 * would.
 */
export async function createServiceIn(
  trx: Transaction<DB>,
  dialect: Dialect,
  input: ServiceCreateInput,
): Promise<ServiceOutput> {
  const categoryId = input.category_id ?? null;
  if (categoryId !== null) await requireCategory(trx, dialect, categoryId);
  let vatRateId: number | null;
  if (input.vat_rate_id !== undefined) {
    await requireUsableVatRate(trx, dialect, input.vat_rate_id);
    vatRateId = input.vat_rate_id;
  } else {
    vatRateId = await defaultVatRateId(trx);
  }
  const processing = {
    duration_min: input.duration_min,
    processing_after_min: input.processing_after_min ?? 0,
    processing_min: input.processing_min ?? 0,
  };
  requireValidProcessing(processing, givenFields(input));
  const resourceIds = input.resource_ids ?? [];
  await requireActiveResources(trx, dialect, resourceIds);
  const deposit = depositTerms(input.deposit_type ?? 'none', input.deposit_value ?? 0);
  const now = nowIso();
  const { id } = await trx
    .insertInto('services')
    .values({
      name: input.name.trim(),
      duration_min: input.duration_min,
      price: toCents(input.price),
      category_id: categoryId,
      vat_rate_id: vatRateId,
      position: input.position ?? 0,
      processing_after_min: processing.processing_after_min,
      processing_min: processing.processing_min,
      ...deposit,
      description: descriptionOf(input.description),
      online_bookable: input.online_bookable === undefined ? 1 : toFlag(input.online_bookable),
      active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceServiceResources(trx, id, resourceIds);
  return readService(trx, id);
}

/** Only the fields present change; `category_id: null` removes the category. */
export async function updateService(ctx: AppContext, id: number, input: ServiceUpdateInput): Promise<ServiceOutput> {
  return ctx.db.transaction().execute((trx) => updateServiceIn(trx, ctx.dialect, id, input));
}

/** PUT /api/services/:id inside the caller's transaction (see createServiceIn). */
export async function updateServiceIn(
  trx: Transaction<DB>,
  dialect: Dialect,
  id: number,
  input: ServiceUpdateInput,
): Promise<ServiceOutput> {
  const current = await trx
    .selectFrom('services')
    .select(['duration_min', 'processing_after_min', 'processing_min', 'deposit_type', 'deposit_value'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) throw notFound('Service');
  // Judged together: a new type with the stored value (or the reverse) must make sense too.
  const depositChanges =
    input.deposit_type !== undefined || input.deposit_value !== undefined
      ? depositTerms(input.deposit_type ?? current.deposit_type, input.deposit_value ?? current.deposit_value / 100)
      : {};
  const processing = {
    duration_min: input.duration_min ?? current.duration_min,
    processing_after_min: input.processing_after_min ?? current.processing_after_min,
    processing_min: input.processing_min ?? current.processing_min,
  };
  const given = givenFields(input);
  if (given.size > 0) requireValidProcessing(processing, given);
  const changes: Omit<Updateable<ServicesTable>, 'id' | 'created_at' | 'active'> = {};
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.duration_min !== undefined) changes.duration_min = input.duration_min;
  if (input.price !== undefined) changes.price = toCents(input.price);
  if (input.position !== undefined) changes.position = input.position;
  if (input.processing_after_min !== undefined) changes.processing_after_min = input.processing_after_min;
  if (input.processing_min !== undefined) changes.processing_min = input.processing_min;
  if (input.description !== undefined) changes.description = descriptionOf(input.description);
  if (input.online_bookable !== undefined) changes.online_bookable = toFlag(input.online_bookable);
  Object.assign(changes, depositChanges);
  if (input.category_id !== undefined) {
    if (input.category_id !== null) await requireCategory(trx, dialect, input.category_id);
    changes.category_id = input.category_id;
  }
  Object.assign(changes, await vatRateChange(trx, dialect, input.vat_rate_id));
  if (input.resource_ids !== undefined) {
    await requireActiveResources(trx, dialect, input.resource_ids);
    await replaceServiceResources(trx, id, input.resource_ids);
  }
  await writeChangedFields(trx, 'services', id, changes);
  return readService(trx, id);
}

/**
 * Deletes the service; one still referenced (bookings keep pointing at their service with a
 * RESTRICT foreign key) is archived instead: `active = 0`, gone from the lists, kept for the
 * history. On PostgreSQL a failed statement aborts its transaction, so the delete runs on
 * its own and the archive in a new statement (each auto-committed).
 */
export async function deleteService(ctx: AppContext, id: number): Promise<{ archived: boolean }> {
  try {
    const result = await ctx.db.deleteFrom('services').where('id', '=', id).returning('photo_key').executeTakeFirst();
    if (!result) throw notFound('Service');
    // An archived service keeps its photo (it may come back); a deleted one lets it go.
    if (result.photo_key) await letGo(ctx, result.photo_key);
    return { archived: false };
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
  }
  const result = await ctx.db
    .updateTable('services')
    .set({ active: 0, updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw notFound('Service');
  return { archived: true };
}
