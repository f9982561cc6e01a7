import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import { lockRows } from '../../db/locks.js';
import { insertDefaultRow, updateDefaultRow } from '../../db/default-row.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import type { DB, VatRatesTable } from '../../db/types.js';
import { toFlag } from '../../http/schemas.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { fromCents, toCents } from '../../lib/money.js';
import { formatInstant } from '../../lib/time.js';
import type { VatRateCreateInput, VatRateOutput, VatRateUpdateInput } from './config-schemas.js';
import { lockSettingsRow, readTimezone } from '../../db/settings.js';

type VatRateRow = Selectable<VatRatesTable>;

/*
 * Percentages are stored as integer hundredths of a percent (21 % = 2100, 5.5 % = 550), so
 * they convert exactly like money does: toCents/fromCents.
 */

function toVatRate(row: VatRateRow, timezone: string): VatRateOutput {
  return {
    id: row.id,
    name: row.name,
    percentage: fromCents(row.percentage),
    is_default: row.is_default === 1 ? 1 : 0,
    is_disabled: row.is_disabled === 1 ? 1 : 0,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

const defaultDisabled = () =>
  badRequest('default_rate_disabled', 'A disabled VAT rate cannot be the default', [
    { field: 'is_disabled', message: 'must be 0 while is_default is 1' },
  ]);

/**
 * Every write runs in one transaction that first serialises on the settings row (SQLite's
 * BEGIN IMMEDIATE already serialises writers). That keeps the rules that span rows true
 * under concurrent requests: exactly one default after parallel "make this the default"
 * (clear-then-set would otherwise hit the partial unique index `vat_rates_one_default` on
 * PostgreSQL), and never a default that is disabled or deleted by a racing request.
 */
async function writeLocked<T>(ctx: AppContext, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await lockSettingsRow(trx, ctx.dialect);
      return work(trx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('default_conflict', 'Another change to the default VAT rate happened at the same time; try again');
    }
    if (isForeignKeyViolation(error)) {
      throw conflict('vat_rate_in_use', 'This VAT rate is still used; disable it instead');
    }
    throw error;
  }
}

async function findVatRate(executor: Executor, id: number): Promise<VatRateRow> {
  const row = await executor.selectFrom('vat_rates').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('VAT rate');
  return row;
}

/** Every rate, disabled ones included, by percentage, then id. */
export async function listVatRates(db: Kysely<DB>): Promise<VatRateOutput[]> {
  const timezone = await readTimezone(db);
  const rows = await db.selectFrom('vat_rates').selectAll().orderBy('percentage').orderBy('id').execute();
  return rows.map((row) => toVatRate(row, timezone));
}

/**
 * A VAT rate a service or product may use: it exists and is not disabled, else 400
 * `unknown_vat_rate`. On PostgreSQL the check holds FOR KEY SHARE on the rate until the
 * caller's transaction ends, so the rate cannot be deleted before the write commits.
 */
export async function requireUsableVatRate(trx: Executor, dialect: Dialect, id: number): Promise<void> {
  let query = trx.selectFrom('vat_rates').select('id').where('id', '=', id).where('is_disabled', '=', 0);
  query = lockRows(query, dialect, 'key share');
  if (!(await query.executeTakeFirst())) {
    throw badRequest('unknown_vat_rate', 'No enabled VAT rate has this id', [
      { field: 'vat_rate_id', message: 'is not an existing, enabled VAT rate' },
    ]);
  }
}

/** The VAT-rate part of a partial update: the new rate, checked usable, or nothing when absent. */
export async function vatRateChange(
  trx: Executor,
  dialect: Dialect,
  vatRateId: number | undefined,
): Promise<{ vat_rate_id?: number }> {
  if (vatRateId === undefined) return {};
  await requireUsableVatRate(trx, dialect, vatRateId);
  return { vat_rate_id: vatRateId };
}

/** The system default rate (never a disabled one), or null when none is set. */
export async function defaultVatRateId(executor: Executor): Promise<number | null> {
  const row = await executor
    .selectFrom('vat_rates')
    .select('id')
    .where('is_default', '=', 1)
    .where('is_disabled', '=', 0)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The rate a new salon starts with: the Dutch standard rate, named as such; changeable like any other. */
export const STANDARD_VAT_RATE = { name: '21% (standard rate)', percentage: 21 } as const;

/**
 * Gives a salon without any VAT rate the standard rate as its default, so that services and
 * products created without `vat_rate_id` never sell at 0 % by accident. For the set-up
 * transaction, which already holds the settings row.
 */
export async function ensureStandardVatRate(trx: Transaction<DB>): Promise<void> {
  const any = await trx.selectFrom('vat_rates').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await insertDefaultRow(trx, 'vat_rates', {
    name: STANDARD_VAT_RATE.name,
    percentage: toCents(STANDARD_VAT_RATE.percentage),
    is_default: 1,
    is_disabled: 0,
  });
}

export async function createVatRate(ctx: AppContext, input: VatRateCreateInput): Promise<VatRateOutput> {
  const isDefault = input.is_default === undefined ? 0 : toFlag(input.is_default);
  const isDisabled = input.is_disabled === undefined ? 0 : toFlag(input.is_disabled);
  if (isDefault && isDisabled) throw defaultDisabled();
  const row = await writeLocked(ctx, async (trx) => {
    return insertDefaultRow(trx, 'vat_rates', {
      name: input.name.trim(),
      percentage: toCents(input.percentage),
      is_default: isDefault,
      is_disabled: isDisabled,
    });
  });
  return toVatRate(row, await readTimezone(ctx.db));
}

/**
 * Only the fields present change. The default/disabled rule is checked on the merged
 * result: making a disabled rate the default and disabling the default are both 400.
 * `is_default: 0` on the default rate is allowed and leaves no default.
 */
export async function updateVatRate(ctx: AppContext, id: number, input: VatRateUpdateInput): Promise<VatRateOutput> {
  const row = await writeLocked(ctx, async (trx) => {
    const current = await findVatRate(trx, id);
    const changes: Partial<Omit<VatRateRow, 'id' | 'created_at'>> = {};
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.percentage !== undefined) changes.percentage = toCents(input.percentage);
    if (input.is_default !== undefined) changes.is_default = toFlag(input.is_default);
    if (input.is_disabled !== undefined) changes.is_disabled = toFlag(input.is_disabled);
    const merged = { ...current, ...changes };
    if (merged.is_default === 1 && merged.is_disabled === 1) throw defaultDisabled();
    return updateDefaultRow(trx, 'vat_rates', id, current, changes);
  });
  return toVatRate(row, await readTimezone(ctx.db));
}

/**
 * The default rate cannot be deleted (409 `default_vat_rate`: make another rate the
 * default first); a rate still referenced by services or products cannot either (409
 * `vat_rate_in_use`, from the foreign key, whichever table holds it).
 */
export async function deleteVatRate(ctx: AppContext, id: number): Promise<void> {
  await writeLocked(ctx, async (trx) => {
    const current = await findVatRate(trx, id);
    if (current.is_default === 1) {
      throw conflict('default_vat_rate', 'This is the default VAT rate; choose another default first');
    }
    await trx.deleteFrom('vat_rates').where('id', '=', id).execute();
  });
}
