import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { paginate, type Page } from '../../http/pagination.js';
import type { Executor } from '../../db/executor.js';
import { notFound } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { formatInstant } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { PromotionListFilter, PromotionOutput } from './schemas.js';
import { parseAppliesTo, type PromotionRow } from './promotion-row.js';

/* Promotions as the API shows them, each with how often it was used and the discount it gave. */

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

export async function readPromotion(executor: Executor, id: number): Promise<PromotionOutput> {
  const row = await withUsage(executor).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Promotion');
  return toPromotion(row, await readTimezone(executor));
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
