import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { PosItemType, PromotionsTable } from '../../db/tables/pos.js';
import type { DB } from '../../db/types.js';
import { paginate, type Page } from '../../http/pagination.js';
import { toFlag } from '../../http/schemas.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { fromCents, toCents } from '../../lib/money.js';
import { formatInstant, isValidDate, nowIso } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { PromotionCreateInput, PromotionListFilter, PromotionOutput, PromotionUpdateInput } from './schemas.js';
import { lockRows } from '../../db/locks.js';

/*
 * Promotions: a code the till types as `discount_code`. A percentage (stored in hundredths of
 * a percent) or a fixed amount (cents), valid from/to a date in the salon's zone (inclusive,
 * either end open), limited overall and per client, for some item types. Every use is a
 * promotion_usages row written with the order, so the limits are counted, never cached, and
 * the promotion row is locked while they are checked: two orders cannot both take the last use.
 */

type PromotionRow = Selectable<PromotionsTable>;
const ALL_TYPES: PosItemType[] = ['service', 'product', 'package'];

function parseAppliesTo(json: string): PosItemType[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? ALL_TYPES.filter((type) => parsed.includes(type)) : ALL_TYPES;
  } catch {
    return ALL_TYPES;
  }
}

export interface PromotionForOrder {
  id: number;
  code: string;
  discount: { type: 'percentage'; value: number } | { type: 'fixed'; value: number };
  appliesTo: PosItemType[];
}

/**
 * The promotion a code names, locked until the caller's transaction ends, and usable now by
 * this client: 400 `unknown_discount_code`, 409 `promotion_not_valid` (outside its dates),
 * `promotion_used_up` or `promotion_client_limit`.
 */
export async function claimPromotion(
  trx: Transaction<DB>,
  dialect: Dialect,
  code: string,
  clientId: number,
  today: string,
): Promise<PromotionForOrder> {
  let query = trx.selectFrom('promotions').selectAll().where('code', '=', code.trim().toUpperCase());
  query = lockRows(query, dialect);
  const row = await query.executeTakeFirst();
  if (!row || row.active !== 1) {
    throw badRequest('unknown_discount_code', 'No active promotion has this code', [
      { field: 'discount_code', message: 'is not an active promotion code' },
    ]);
  }
  if ((row.valid_from !== null && today < row.valid_from) || (row.valid_to !== null && today > row.valid_to)) {
    throw conflict('promotion_not_valid', 'This promotion is not valid today');
  }
  if (row.usage_limit !== null || row.per_client_limit !== null) {
    const counts = await trx
      .selectFrom('promotion_usages')
      .select([
        sql<number>`count(*)`.as('used'),
        sql<number>`coalesce(sum(case when client_id = ${clientId} then 1 else 0 end), 0)`.as('by_client'),
      ])
      .where('promotion_id', '=', row.id)
      .executeTakeFirstOrThrow();
    if (row.usage_limit !== null && Number(counts.used) >= row.usage_limit) {
      throw conflict('promotion_used_up', 'This promotion has reached its usage limit');
    }
    if (row.per_client_limit !== null && Number(counts.by_client) >= row.per_client_limit) {
      throw conflict('promotion_client_limit', 'This client has used this promotion as often as allowed');
    }
  }
  return {
    id: row.id,
    code: row.code,
    discount: { type: row.discount_type, value: row.discount_value },
    appliesTo: parseAppliesTo(row.applies_to),
  };
}

export async function recordPromotionUsage(
  trx: Executor,
  usage: { promotionId: number; orderId: number; clientId: number; discountCents: number },
): Promise<void> {
  await trx
    .insertInto('promotion_usages')
    .values({
      promotion_id: usage.promotionId,
      order_id: usage.orderId,
      client_id: usage.clientId,
      discount_amount: usage.discountCents,
      created_at: nowIso(),
    })
    .execute();
}

// ---------------------------------------------------------------- the API

function withUsage(executor: Executor) {
  return executor
    .selectFrom('promotions as p')
    .selectAll('p')
    .select([
      sql<number>`(select count(*) from promotion_usages u where u.promotion_id = p.id)`.as('times_used'),
      sql<number>`(select coalesce(sum(u.discount_amount), 0) from promotion_usages u where u.promotion_id = p.id)`.as(
        'total_discount',
      ),
    ]);
}

function toPromotion(row: PromotionRow & { times_used: number; total_discount: number }, timezone: string) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    discount_type: row.discount_type,
    discount_value: fromCents(row.discount_value),
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    usage_limit: row.usage_limit,
    per_client_limit: row.per_client_limit,
    applies_to: parseAppliesTo(row.applies_to),
    active: row.active === 1 ? 1 : 0,
    times_used: Number(row.times_used),
    total_discount: fromCents(Number(row.total_discount)),
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  } satisfies PromotionOutput;
}

async function readPromotion(executor: Executor, id: number): Promise<PromotionOutput> {
  const row = await withUsage(executor).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Promotion');
  return toPromotion(row, await readTimezone(executor));
}

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

/** Newest first. */
export async function listPromotions(
  db: Kysely<DB>,
  filter: PromotionListFilter,
): Promise<PromotionOutput[] | Page<PromotionOutput>> {
  const timezone = await readTimezone(db);
  let query = withUsage(db);
  let base = db.selectFrom('promotions');
  if (filter.active !== undefined) {
    query = query.where('p.active', '=', filter.active ? 1 : 0);
    base = base.where('active', '=', filter.active ? 1 : 0);
  }
  const count = async () =>
    Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return paginate(query.orderBy('p.id', 'desc'), count, filter, (row) => toPromotion(row, timezone));
}

export async function getPromotion(db: Kysely<DB>, id: number): Promise<PromotionOutput> {
  return readPromotion(db, id);
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
