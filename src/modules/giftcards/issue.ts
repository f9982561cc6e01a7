import type { Selectable, Transaction } from 'kysely';
import type { GiftCardsTable } from '../../db/tables/pos.js';
import type { DB, Settings } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { isValidDate, nowIso } from '../../lib/time.js';
import { queueEmail } from '../../mail/outbox.js';
import { newGiftCardCode } from './codes.js';

/*
 * Issuing a gift card, by the till's sale or by the salon directly: a fresh code, the card's
 * first movement, and the email to its recipient.
 */

export type GiftCardRow = Selectable<GiftCardsTable>;

export function requireRealDate(value: string | null | undefined, field: string): void {
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
  if (row.recipient_email) await queueGiftCardEmail(trx, settings, row, row.recipient_email);
  return row;
}

/**
 * Queues the card's email (its code, face value, message and, when `giftcard_qr_enabled`, a QR
 * code of the code) to `to`: when the card is issued, and again when the salon resends it.
 */
export async function queueGiftCardEmail(
  trx: Transaction<DB>,
  settings: Pick<Settings, 'giftcard_qr_enabled' | 'currency'>,
  row: GiftCardRow,
  to: string,
): Promise<void> {
  await queueEmail(trx, {
    to,
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

/** The code as a QR image for the email; the generator loads with the first gift card that needs one. */
async function qrDataUri(code: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(code, { margin: 1 });
}
