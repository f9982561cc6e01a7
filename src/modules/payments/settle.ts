import type { AppContext } from '../../context.js';
import { officeHref } from '../../lib/office-paths.js';
import { nowIso } from '../../lib/time.js';
import { notice, notifyAdmins } from '../notifications/service.js';
import { settlementHandlers } from './settlement.js';
import type { PaymentStatus } from './types.js';

/**
 * Moves a payment out of `pending`, once: true when this call did it. In the same
 * transaction the purpose's settlement handler runs, and for `failed` the admins are told
 * (`pos.payment_failed`, per their preferences). A payment already settled is left alone, so
 * a repeated or concurrent webhook changes nothing.
 */
export async function settlePayment(
  ctx: Pick<AppContext, 'db' | 'config' | 'dialect'>,
  paymentId: number,
  status: Exclude<PaymentStatus, 'pending'>,
  error: string | null = null,
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .updateTable('payments')
      .set({ status, error, settled_at: now, updated_at: now })
      .where('id', '=', paymentId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    const handler = settlementHandlers[row.purpose];
    if (handler) {
      await handler(
        trx,
        { paymentId: row.id, referenceId: row.reference_id, status, amountCents: row.amount },
        { config: ctx.config, dialect: ctx.dialect },
      );
    }
    if (status === 'failed') {
      await notifyAdmins(trx, {
        type: 'pos.payment_failed',
        title: notice('notification.payment_failed.title'),
        message: notice('notification.payment_failed.message', {
          what: notice(`notification.payment_failed.${row.purpose}`, { reference: String(row.reference_id) }),
          error: error ?? notice('notification.payment_failed.unknown_reason'),
        }),
        link: officeHref.payment(row.id),
        email: {
          template: 'payments.failed',
          data: {
            // Written in the email's language when it is rendered (templates/payments.ts).
            purpose: row.purpose,
            reference: row.reference_id,
            amountCents: row.amount,
            currency: row.currency,
            reason: error,
            link: `${ctx.config.publicBaseUrl}${officeHref.payment(row.id)}`,
          },
        },
      });
    }
    return true;
  });
}
