import { composedTemplate } from './compose.js';
import { firstName } from './bookings.js';

export interface PaymentFailedData {
  link: string;
  /** Emails queued before `purpose`: what failed ("POS order 12"), amount and reason, in English. */
  subjectLine?: string;
  amount?: string;
  error?: string;
  /** What was paid for and its id, named in the email's language. */
  purpose?: 'pos_order' | 'noshow_fee' | 'deposit';
  reference?: number;
  /** The amount in cents and its currency, formatted in the email's locale. */
  amountCents?: number;
  currency?: string;
  /** The provider's reason; null: none given ("unknown reason" in the email's language). */
  reason?: string | null;
}

/**
 * To admins: a payment could not be collected (pos.payment_failed). What failed is named with
 * the in-app notification's words (`notification.payment_failed.*`), so both say the same.
 */
export const failed = composedTemplate<PaymentFailedData>((data, mail) => {
  const values = {
    what:
      data.purpose === undefined
        ? (data.subjectLine ?? '')
        : mail.t(`notification.payment_failed.${data.purpose}`, { reference: String(data.reference ?? '') }),
    amount: data.amountCents === undefined ? (data.amount ?? '') : mail.format.money(data.amountCents, data.currency),
    error:
      data.reason === undefined
        ? (data.error ?? '')
        : (data.reason ?? mail.t('notification.payment_failed.unknown_reason')),
  };
  return {
    subject: mail.t('payments.failed.subject', values),
    body: mail.t('payments.failed.body', values),
    buttons: [{ label: mail.t('payments.failed.action'), url: data.link }],
  };
});

export interface NoshowFeeData {
  clientName: string;
  serviceName: string;
  /** Salon wall-clock time, YYYY-MM-DD HH:MM. */
  startAt: string;
  amount: string;
  /** The fee in cents and its currency, formatted in the email's locale. */
  amountCents?: number;
  currency?: string;
  checkoutUrl: string;
}

/** To the client: the no-show fee and the link to pay it (noshow_email_enabled). */
export const noshowFee = composedTemplate<NoshowFeeData>((data, mail) => {
  const values = {
    client_name: data.clientName,
    client_first_name: firstName(data.clientName),
    salon_name: mail.salonName,
    service: data.serviceName,
    start: mail.format.dateTime(data.startAt),
    amount: data.amountCents === undefined ? data.amount : mail.format.money(data.amountCents, data.currency),
  };
  return {
    subject: mail.t('payments.noshow_fee.subject', values),
    body: mail.t('payments.noshow_fee.body', values),
    buttons: [{ label: mail.t('payments.noshow_fee.action'), url: data.checkoutUrl }],
  };
});
