import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { paginate, type Page } from '../../http/pagination.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { formatInstant, isValidDate } from '../../lib/time.js';
import { readSettings, readTimezone } from '../settings/service.js';
import { readProduct, stockContext } from './products.js';
import type { ConsumeInput, ProductOutput, StockTransactionOutput, TransactionListInput } from './schemas.js';
import { moveStock } from './stock.js';

const invalidField = (field: string, message: string) =>
  badRequest('validation_failed', `Invalid input: ${field} ${message}`, [{ field, message }]);

/** The stored instant (UTC ISO) at which the local day `date` begins in `timezone`. */
function startOfLocalDay(date: string, timezone: string, plusDays = 0): string {
  return DateTime.fromFormat(date, 'yyyy-MM-dd', { zone: timezone })
    .plus({ days: plusDays })
    .startOf('day')
    .toUTC()
    .toJSDate()
    .toISOString();
}

/**
 * Stock transactions, newest first (created_at, then id), with the product's and the user's
 * name: one query, plus one count when paginated. `from` and `to` are days in the salon's
 * time zone, both inclusive: `to` covers its whole day (up to the next local midnight).
 */
export async function listTransactions(
  db: Kysely<DB>,
  filter: TransactionListInput,
): Promise<StockTransactionOutput[] | Page<StockTransactionOutput>> {
  if (filter.from !== undefined && !isValidDate(filter.from)) throw invalidField('from', 'must be a real date');
  if (filter.to !== undefined && !isValidDate(filter.to)) throw invalidField('to', 'must be a real date');
  if (filter.from !== undefined && filter.to !== undefined && filter.to < filter.from) {
    throw invalidField('to', 'must not be before from');
  }
  const timezone = await readTimezone(db);
  let base = db
    .selectFrom('stock_transactions as t')
    .innerJoin('products as p', 'p.id', 't.product_id')
    .leftJoin('users as u', 'u.id', 't.user_id');
  if (filter.product_id !== undefined) base = base.where('t.product_id', '=', filter.product_id);
  if (filter.reason !== undefined) base = base.where('t.reason', '=', filter.reason);
  if (filter.from !== undefined) base = base.where('t.created_at', '>=', startOfLocalDay(filter.from, timezone));
  if (filter.to !== undefined) base = base.where('t.created_at', '<', startOfLocalDay(filter.to, timezone, 1));
  const query = base
    .select([
      't.id',
      't.product_id',
      'p.name as product_name',
      't.delta',
      't.reason',
      't.quantity_after',
      't.note',
      't.purchase_order_id',
      't.user_id',
      'u.name as user_name',
      't.created_at',
    ])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc');
  const count = async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  return paginate(query, count, filter, (row) => ({
    ...row,
    user_name: row.user_name ?? null,
    created_at: formatInstant(row.created_at, timezone),
  }));
}

/**
 * Internal consumption: staff record products used in the salon (not sold). One stock move,
 * reason `internal_consumption`, by the caller. Allowed only while the setting
 * `internal_consumption_enabled` is on (409 otherwise). Stock may go below zero: the
 * consumption happened, whatever the count said.
 */
export async function consumeProduct(
  ctx: AppContext,
  caller: AuthUser,
  id: number,
  input: ConsumeInput,
): Promise<ProductOutput> {
  return ctx.db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select('id')
      .where('id', '=', id)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!product) throw notFound('Product');
    if ((await readSettings(trx)).internal_consumption_enabled !== 1) {
      throw conflict(
        'internal_consumption_disabled',
        'Internal consumption is turned off in the settings (internal_consumption_enabled)',
      );
    }
    await moveStock(
      trx,
      [
        {
          productId: id,
          delta: -input.quantity,
          reason: 'internal_consumption',
          note: input.note?.trim() ?? '',
          userId: caller.id,
        },
      ],
      stockContext(ctx),
    );
    return readProduct(trx, id);
  });
}
