import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/types.js';
import { toFlag } from '../../http/schemas.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { toCents } from '../../lib/money.js';
import { isValidDate, nowIso } from '../../lib/time.js';
import type { PromotionCreateInput, PromotionOutput, PromotionUpdateInput } from './schemas.js';
import { ALL_TYPES } from './promotion-row.js';
import { readPromotion } from './reads.js';

/*
 * Creating, changing and deleting a promotion: its dates and value checked, its code unique, a
 * used one kept.
 */

const invalid = (field: string, message: string) =>
  badRequest('validation_failed', `Invalid input: ${field} ${message}`, [{ field, message }]);

function checkRules(p: {
  discount_type: string;
  discount_value: number;
  valid_from: string | null;
  valid_to: string | null;
}): void {
  for (const field of ['valid_from', 'valid_to'] as const) {
    const value = p[field];
    if (value !== null && !isValidDate(value)) throw invalid(field, 'must be a real date (YYYY-MM-DD)');
  }
  if (p.valid_from !== null && p.valid_to !== null && p.valid_to < p.valid_from) {
    throw invalid('valid_to', 'must not be before valid_from');
  }
  if (p.discount_type === 'percentage' && p.discount_value > 10_000) {
    throw invalid('discount_value', 'must be at most 100 for a percentage');
  }
}

async function write<T>(ctx: AppContext, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('code_taken', 'Another promotion already has this code');
    throw error;
  }
}

export async function createPromotion(ctx: AppContext, input: PromotionCreateInput): Promise<PromotionOutput> {
  const row = {
    code: input.code.toUpperCase(),
    name: input.name.trim(),
    discount_type: input.discount_type,
    discount_value: toCents(input.discount_value),
    valid_from: input.valid_from ?? null,
    valid_to: input.valid_to ?? null,
    usage_limit: input.usage_limit ?? null,
    per_client_limit: input.per_client_limit ?? null,
    applies_to: JSON.stringify(input.applies_to ?? ALL_TYPES),
    active: input.active === undefined ? 1 : toFlag(input.active),
  };
  checkRules(row);
  return write(ctx, async (trx) => {
    const now = nowIso();
    const created = await trx
      .insertInto('promotions')
      .values({ ...row, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return readPromotion(trx, created.id);
  });
}

export async function updatePromotion(ctx: AppContext, id: number, input: PromotionUpdateInput) {
  return write(ctx, async (trx) => {
    const current = await trx.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound('Promotion');
    const next = {
      code: input.code?.toUpperCase() ?? current.code,
      name: input.name?.trim() ?? current.name,
      discount_type: input.discount_type ?? current.discount_type,
      discount_value: input.discount_value === undefined ? current.discount_value : toCents(input.discount_value),
      valid_from: input.valid_from === undefined ? current.valid_from : input.valid_from,
      valid_to: input.valid_to === undefined ? current.valid_to : input.valid_to,
      usage_limit: input.usage_limit === undefined ? current.usage_limit : input.usage_limit,
      per_client_limit: input.per_client_limit === undefined ? current.per_client_limit : input.per_client_limit,
      applies_to: input.applies_to === undefined ? current.applies_to : JSON.stringify(input.applies_to),
      active: input.active === undefined ? current.active : toFlag(input.active),
    };
    checkRules(next);
    await trx
      .updateTable('promotions')
      .set({ ...next, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    return readPromotion(trx, id);
  });
}

/** A promotion that was used stays (the orders and the report refer to it): deactivate it instead. */
export async function deletePromotion(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('promotions').select('id').where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound('Promotion');
    const used = await trx.selectFrom('pos_orders').select('id').where('promotion_id', '=', id).executeTakeFirst();
    if (used) throw conflict('promotion_in_use', 'This promotion was used in orders; deactivate it instead');
    await trx.deleteFrom('promotions').where('id', '=', id).execute();
  });
}
