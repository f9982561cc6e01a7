import { button, escapeHtml as e, layout, paragraph, type Brand } from './layout.js';

export interface PaymentFailedData {
  /** e.g. "POS order 12" or "No-show fee of booking 7". */
  subjectLine: string;
  amount: string;
  error: string;
  link: string;
}

/** To admins: a payment could not be collected (pos.payment_failed). */
export const failed = {
  subject: (data: PaymentFailedData) => `Payment failed: ${data.subjectLine}`,
  mjml: (data: PaymentFailedData, brand: Brand) =>
    layout(
      brand,
      'Payment failed',
      [
        paragraph(`The payment of <strong>${e(data.amount)}</strong> for ${e(data.subjectLine)} failed.`),
        paragraph(`Reason: ${e(data.error)}`),
        button('View payment', data.link),
      ].join('\n'),
    ),
  text: (data: PaymentFailedData) =>
    `The payment of ${data.amount} for ${data.subjectLine} failed.\nReason: ${data.error}\n${data.link}\n`,
};

export interface NoshowFeeData {
  clientName: string;
  serviceName: string;
  startAt: string;
  amount: string;
  checkoutUrl: string;
}

/** To the client: the no-show fee and the link to pay it (noshow_email_enabled). */
export const noshowFee = {
  subject: (data: NoshowFeeData) => `No-show fee for your appointment of ${data.startAt}`,
  mjml: (data: NoshowFeeData, brand: Brand) =>
    layout(
      brand,
      'No-show fee',
      [
        paragraph(`Dear ${e(data.clientName)},`),
        paragraph(
          `You did not come to your appointment for ${e(data.serviceName)} on ${e(data.startAt)}. ` +
            `As set out in our booking terms, a no-show fee of <strong>${e(data.amount)}</strong> is due.`,
        ),
        button('Pay the fee', data.checkoutUrl),
      ].join('\n'),
    ),
  text: (data: NoshowFeeData) =>
    `Dear ${data.clientName},\n\nYou did not come to your appointment for ${data.serviceName} on ${data.startAt}. ` +
    `As set out in our booking terms, a no-show fee of ${data.amount} is due.\n\nPay the fee: ${data.checkoutUrl}\n`,
};
