import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { DB } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { normaliseGiftCardCode } from './codes.js';
import { lockRows } from '../../db/locks.js';
import type { GiftCardRow } from './issue.js';

/*
 * Spending a gift card at the till: the card a code names, locked in the order's transaction, and
 * its balance lowered, never below zero.
 */

/**
 * The card a code names, locked until the caller's transaction ends (PostgreSQL; SQLite's
 * write transactions are exclusive), ready to be redeemed: active, not expired, not empty.
 */
export async function lockGiftCardByCode(
  trx: Transaction<DB>,
  dialect: Dialect,
  input: string,
  today: string,
): Promise<GiftCardRow> {
  let query = trx.selectFrom('gift_cards').selectAll().where('code', '=', normaliseGiftCardCode(input));
  query = lockRows(query, dialect);
  const card = await query.executeTakeFirst();
  if (!card || card.active !== 1) {
    throw badRequest('unknown_gift_card', 'No active gift card has this code', [
      { field: 'gift_card_code', message: 'is not an active gift card' },
    ]);
  }
  if (card.expires_on !== null && card.expires_on < today) {
    throw conflict('gift_card_expired', `This gift card expired on ${card.expires_on}`);
  }
  if (card.balance === 0) throw conflict('gift_card_empty', 'This gift card has no balance left');
  return card;
}

/** Takes `amountCents` off the card; refuses (409) rather than ever going below zero. */
export async function redeemGiftCard(
  trx: Executor,
  cardId: number,
  amountCents: number,
  orderId: number,
  userId: number | null,
): Promise<void> {
  if (amountCents <= 0) return;
  const updated = await trx
    .updateTable('gift_cards')
    .set({ balance: sql`balance - ${amountCents}`, updated_at: nowIso() })
    .where('id', '=', cardId)
    .where('balance', '>=', amountCents)
    .returning('balance')
    .executeTakeFirst();
  if (!updated) throw conflict('gift_card_insufficient', 'The gift card balance changed; try again');
  await trx
    .insertInto('gift_card_transactions')
    .values({
      gift_card_id: cardId,
      type: 'redeem',
      amount: -amountCents,
      balance_after: updated.balance,
      order_id: orderId,
      user_id: userId,
      created_at: nowIso(),
    })
    .execute();
}

/**
 * Gives `amountCents` back to the card an order spent (a refund onto the gift card): a
 * `redeem` transaction with a positive amount, the undoing of a redemption. Never above the
 * card's face value (409 `refund_exceeds_paid`).
 */
export async function restoreGiftCard(
  trx: Executor,
  cardId: number,
  amountCents: number,
  orderId: number,
  userId: number | null,
): Promise<void> {
  if (amountCents <= 0) return;
  const updated = await trx
    .updateTable('gift_cards')
    .set({ balance: sql`balance + ${amountCents}`, updated_at: nowIso() })
    .where('id', '=', cardId)
    .where(sql<boolean>`balance + ${amountCents} <= initial_value`)
    .returning('balance')
    .executeTakeFirst();
  if (!updated) throw conflict('refund_exceeds_paid', 'The gift card cannot hold more than its face value');
  await trx
    .insertInto('gift_card_transactions')
    .values({
      gift_card_id: cardId,
      type: 'redeem',
      amount: amountCents,
      balance_after: updated.balance,
      order_id: orderId,
      user_id: userId,
      created_at: nowIso(),
    })
    .execute();
}
