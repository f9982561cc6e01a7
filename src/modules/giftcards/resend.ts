import type { AppContext } from '../../context.js';
import { conflict } from '../../lib/errors.js';
import { readSettings } from '../settings/service.js';
import { queueGiftCardEmail } from './issue.js';
import { findGiftCard } from './reads.js';

/*
 * The card's email sent again (lost, deleted, caught by a spam filter), to the address it was
 * issued to: the code is a bearer value, so it goes only where the card was meant to go.
 */

/** Queues the card's email once more; the address it goes to. */
export async function resendGiftCardEmail(ctx: AppContext, id: number): Promise<{ ok: true; sent_to: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findGiftCard(trx, id);
    if (!row.recipient_email) {
      throw conflict('no_recipient_email', 'This gift card was issued without a recipient email');
    }
    if (row.active !== 1) throw conflict('gift_card_inactive', 'This gift card is deactivated');
    await queueGiftCardEmail(trx, await readSettings(trx), row, row.recipient_email);
    return { ok: true as const, sent_to: row.recipient_email };
  });
}
