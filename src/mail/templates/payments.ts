import { composedTemplate } from './compose.js';
import { firstName } from './bookings.js';

export interface PaymentFailedData {
  /** e.g. "POS order 12" or "No-show fee of booking 7". */
  subjectLine: string;
  amount: string;
  error: string;
  link: string;
}

/** To admins: a payment could not be collected (pos.payment_failed). */
export const failed = composedTemplate<PaymentFailedData>((data, mail) => {
  const values = { what: data.subjectLine, amount: data.amount, error: data.error };
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
