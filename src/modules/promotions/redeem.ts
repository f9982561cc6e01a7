import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { PosItemType } from '../../db/tables/pos.js';
import type { DB } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { lockRows } from '../../db/locks.js';
import { parseAppliesTo } from './promotion-row.js';

/*
 * A promotion code used by an order: claimed under a lock with its dates and limits checked, and
 * its use recorded with the order.
 */

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
