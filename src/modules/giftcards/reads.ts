import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { paginate, type Page } from '../../http/pagination.js';
import type { Executor } from '../../db/executor.js';
import { notFound } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { formatInstant } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import { normaliseGiftCardCode } from './codes.js';
import type { GiftCardDetailOutput, GiftCardListFilter, GiftCardOutput } from './schemas.js';
import type { GiftCardRow } from './issue.js';

/* Gift cards as the API shows them, each with its movements; the cards sold in orders. */

function toGiftCard(row: GiftCardRow, timezone: string): GiftCardOutput {
  return {
    id: row.id,
    code: row.code,
    initial_value: fromCents(row.initial_value),
    balance: fromCents(row.balance),
    expires_on: row.expires_on,
    active: row.active === 1 ? 1 : 0,
    client_id: row.client_id,
    recipient_name: row.recipient_name,
    recipient_email: row.recipient_email,
    message: row.message,
    sold_order_id: row.sold_order_id,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

/** Gift cards sold in these orders, for order responses (one query). */
export async function giftCardsOfOrders(executor: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return executor
    .selectFrom('gift_cards')
    .select(['id', 'code', 'initial_value', 'recipient_email', 'sold_order_id'])
    .where('sold_order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}

export async function loadDetail(
  executor: Executor,
  row: GiftCardRow,
  timezone: string,
): Promise<GiftCardDetailOutput> {
  const transactions = await executor
    .selectFrom('gift_card_transactions')
    .select(['id', 'type', 'amount', 'balance_after', 'order_id', 'created_at'])
    .where('gift_card_id', '=', row.id)
    .orderBy('id')
    .execute();
  return {
    ...toGiftCard(row, timezone),
    transactions: transactions.map((t) => ({
      ...t,
      amount: fromCents(t.amount),
      balance_after: fromCents(t.balance_after),
      created_at: formatInstant(t.created_at, timezone),
    })),
  };
}

export async function findGiftCard(executor: Executor, id: number): Promise<GiftCardRow> {
  const row = await executor.selectFrom('gift_cards').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Gift card');
  return row;
}

/** Newest first. */
export async function listGiftCards(
  db: Kysely<DB>,
  filter: GiftCardListFilter,
): Promise<GiftCardOutput[] | Page<GiftCardOutput>> {
  const timezone = await readTimezone(db);
  let query = db.selectFrom('gift_cards').selectAll();
  if (filter.active !== undefined) query = query.where('active', '=', filter.active ? 1 : 0);
  if (filter.client_id !== undefined) query = query.where('client_id', '=', filter.client_id);
  const count = async () =>
    Number(
      (
        await query
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return paginate(query.orderBy('created_at', 'desc').orderBy('id', 'desc'), count, filter, (row) =>
    toGiftCard(row, timezone),
  );
}

export async function getGiftCard(db: Kysely<DB>, id: number): Promise<GiftCardDetailOutput> {
  return loadDetail(db, await findGiftCard(db, id), await readTimezone(db));
}

export async function getGiftCardByCode(db: Kysely<DB>, code: string): Promise<GiftCardDetailOutput> {
  const row = await db
    .selectFrom('gift_cards')
    .selectAll()
    .where('code', '=', normaliseGiftCardCode(code))
    .executeTakeFirst();
  if (!row) throw notFound('Gift card');
  return loadDetail(db, row, await readTimezone(db));
}
