import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { toFlag } from '../../http/schemas.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { toCents } from '../../lib/money.js';
import { nowIso } from '../../lib/time.js';
import { readSettings, readTimezone } from '../settings/service.js';
import type { GiftCardCreateInput, GiftCardDetailOutput, GiftCardUpdateInput } from './schemas.js';
import { type GiftCardRow, issueGiftCard, requireRealDate } from './issue.js';
import { findGiftCard, loadDetail } from './reads.js';

/*
 * The salon's own gift cards: issued directly, changed, and deleted only while never sold through
 * the till nor spent.
 */

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
