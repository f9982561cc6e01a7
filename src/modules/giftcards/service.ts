import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import type { GiftCardsTable } from '../../db/tables/pos.js';
import type { DB, Settings } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { paginate, type Page } from '../../http/pagination.js';
import { toFlag } from '../../http/schemas.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { fromCents, toCents } from '../../lib/money.js';
import { formatInstant, isValidDate, nowIso } from '../../lib/time.js';
import { queueEmail } from '../../mail/outbox.js';
import { readSettings, readTimezone } from '../settings/service.js';
import { newGiftCardCode, normaliseGiftCardCode } from './codes.js';
import type {
  GiftCardCreateInput,
  GiftCardDetailOutput,
  GiftCardListFilter,
  GiftCardOutput,
  GiftCardUpdateInput,
} from './schemas.js';
import { lockRows } from '../../db/locks.js';

/*
 * Gift cards: a code, a face value and a balance that only redemptions lower. The balance is
 * changed only by a conditional update (`balance >= amount`) under a row lock, and a check
 * constraint keeps it within 0 … initial_value, so concurrent redemptions can never take it
 * below zero. Every movement is a gift_card_transactions row: the card's history.
 */

type GiftCardRow = Selectable<GiftCardsTable>;

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

function requireRealDate(value: string | null | undefined, field: string): void {
  if (typeof value === 'string' && !isValidDate(value)) {
    throw badRequest('validation_failed', `Invalid input: ${field} must be a real date`, [
      { field, message: 'must be a real date (YYYY-MM-DD)' },
    ]);
  }
}

function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency || 'EUR' }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

export interface GiftCardIssue {
  amountCents: number;
  expiresOn?: string | null | undefined;
  clientId?: number | null | undefined;
  recipientName?: string | undefined;
  recipientEmail?: string | undefined;
  message?: string | undefined;
  soldOrderId?: number | null;
  userId?: number | null;
}

/**
 * Creates a card with a fresh code and its `issue` movement, and queues the email to the
 * recipient (with a QR code of the code when `giftcard_qr_enabled`), in the caller's
 * transaction. A code already taken (79 random bits: practically never) is drawn again.
 */
export async function issueGiftCard(
  trx: Transaction<DB>,
  settings: Pick<Settings, 'giftcard_qr_enabled' | 'currency'>,
  issue: GiftCardIssue,
  fieldPrefix = '',
): Promise<GiftCardRow> {
  requireRealDate(issue.expiresOn, `${fieldPrefix}expires_on`);
  const now = nowIso();
  let row: GiftCardRow | undefined;
  for (let attempt = 0; !row; attempt += 1) {
    const code = newGiftCardCode();
    // Checked first: a unique violation would abort the caller's whole transaction on PostgreSQL.
    const exists = await trx.selectFrom('gift_cards').select('id').where('code', '=', code).executeTakeFirst();
    if (exists && attempt < 5) continue;
    row = await trx
      .insertInto('gift_cards')
      .values({
        code,
        initial_value: issue.amountCents,
        balance: issue.amountCents,
        expires_on: issue.expiresOn ?? null,
        active: 1,
        client_id: issue.clientId ?? null,
        recipient_name: issue.recipientName?.trim() ?? '',
        recipient_email: issue.recipientEmail?.trim().toLowerCase() ?? null,
        message: issue.message?.trim() ?? '',
        sold_order_id: issue.soldOrderId ?? null,
        created_by: issue.userId ?? null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  await trx
    .insertInto('gift_card_transactions')
    .values({
      gift_card_id: row.id,
      type: 'issue',
      amount: row.initial_value,
      balance_after: row.balance,
      order_id: issue.soldOrderId ?? null,
      user_id: issue.userId ?? null,
      created_at: now,
    })
    .execute();
  if (row.recipient_email) {
    await queueEmail(trx, {
      to: row.recipient_email,
      template: 'giftcard.issued',
      sensitive: true, // the code is spendable by whoever reads it
      data: {
        recipientName: row.recipient_name,
        code: row.code,
        amount: formatMoney(row.initial_value, settings.currency),
        amountCents: row.initial_value,
        currency: settings.currency,
        message: row.message,
        expiresOn: row.expires_on,
        qrDataUri: settings.giftcard_qr_enabled === 1 ? await qrDataUri(row.code) : null,
      },
    });
  }
  return row;
}

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

// ---------------------------------------------------------------- the API

async function loadDetail(executor: Executor, row: GiftCardRow, timezone: string): Promise<GiftCardDetailOutput> {
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

async function findGiftCard(executor: Executor, id: number): Promise<GiftCardRow> {
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

/** Issued directly by the salon (a prize, a goodwill gesture, a card sold elsewhere). */
export async function createGiftCard(
  ctx: AppContext,
  caller: AuthUser,
  input: GiftCardCreateInput,
): Promise<GiftCardDetailOutput> {
  return ctx.db.transaction().execute(async (trx) => {
    if (input.client_id !== undefined) {
      const client = await trx.selectFrom('clients').select('id').where('id', '=', input.client_id).executeTakeFirst();
      if (!client) {
        throw badRequest('unknown_client', 'No client has this id', [
          { field: 'client_id', message: 'is not a client' },
        ]);
      }
    }
    const settings = await readSettings(trx);
    const row = await issueGiftCard(trx, settings, {
      amountCents: toCents(input.amount),
      expiresOn: input.expires_on,
      clientId: input.client_id,
      recipientName: input.recipient_name,
      recipientEmail: input.recipient_email,
      message: input.message,
      userId: caller.id,
    });
    return loadDetail(trx, row, settings.timezone);
  });
}

export async function updateGiftCard(
  ctx: AppContext,
  id: number,
  input: GiftCardUpdateInput,
): Promise<GiftCardDetailOutput> {
  requireRealDate(input.expires_on, 'expires_on');
  return ctx.db.transaction().execute(async (trx) => {
    await findGiftCard(trx, id);
    const changes: Partial<GiftCardRow> = {};
    if (input.expires_on !== undefined) changes.expires_on = input.expires_on;
    if (input.active !== undefined) changes.active = toFlag(input.active);
    if (input.recipient_name !== undefined) changes.recipient_name = input.recipient_name.trim();
    if (input.message !== undefined) changes.message = input.message.trim();
    const row = await trx
      .updateTable('gift_cards')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return loadDetail(trx, row, await readTimezone(trx));
  });
}

/** Only a card that was never sold through the till nor spent may go; otherwise deactivate it. */
export async function deleteGiftCard(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const card = await findGiftCard(trx, id);
    const redeemed = await trx
      .selectFrom('gift_card_transactions')
      .select('id')
      .where('gift_card_id', '=', id)
      .where('type', '=', 'redeem')
      .executeTakeFirst();
    if (card.sold_order_id !== null || redeemed) {
      throw conflict('gift_card_in_use', 'This gift card was sold or spent; deactivate it instead');
    }
    await trx.deleteFrom('gift_cards').where('id', '=', id).execute();
  });
}

/** The code as a QR image for the email; the generator loads with the first gift card that needs one. */
async function qrDataUri(code: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(code, { margin: 1 });
}
