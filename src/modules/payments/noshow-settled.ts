import type { Transaction } from 'kysely';
import type { DB } from '../../db/types.js';
import { notice, notifyAdmins } from '../notifications/service.js';
import type { Settlement } from './types.js';
import { officeHref } from '../../lib/office-paths.js';

/**
 * Settlement of a no-show fee. The payment row is the fee's record, so nothing else changes;
 * a paid fee is announced to the admins in-app (`pos.noshow_fee_paid`), since nobody at the
 * till saw it happen. A failed one has been announced by settlePayment (`pos.payment_failed`).
 */
export async function noshowFeeSettled(trx: Transaction<DB>, settlement: Settlement): Promise<void> {
  if (settlement.status !== 'paid') return;
  await notifyAdmins(trx, {
    type: 'pos.noshow_fee_paid',
    title: notice('notification.noshow_fee_paid.title'),
    message: notice('notification.noshow_fee_paid.message', {
      booking: String(settlement.referenceId),
      amount: { cents: settlement.amountCents },
    }),
    link: officeHref.booking(settlement.referenceId),
  });
}
