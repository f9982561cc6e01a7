import { composedTemplate } from './compose.js';
import { escapeHtml as e } from './layout.js';

/** A gift card sold at the till or issued by the salon, sent to its recipient. */
export interface GiftCardIssuedData {
  recipientName: string;
  code: string;
  /** formatted in the salon's currency, e.g. "€50.00" (emails queued before amountCents existed) */
  amount: string;
  /** the value in cents, formatted in the email's locale */
  amountCents?: number;
  currency?: string;
  message: string;
  /** YYYY-MM-DD, or null when it never expires */
  expiresOn: string | null;
  /** a PNG data URI of the code as a QR code, when giftcard_qr_enabled */
  qrDataUri: string | null;
}

export const issued = composedTemplate<GiftCardIssuedData>((data, mail) => {
  const amount = data.amountCents === undefined ? data.amount : mail.format.money(data.amountCents, data.currency);
  const values = { amount, salon_name: mail.salonName };
  const greeting = data.recipientName
    ? mail.t('common.greeting', { name: data.recipientName })
    : mail.t('common.greeting_anonymous');
  const validity = data.expiresOn
    ? mail.t('giftcard.issued.valid_until', { date: mail.format.date(data.expiresOn) })
    : mail.t('giftcard.issued.no_expiry');
  return {
    subject: mail.t('giftcard.issued.subject', values),
    body: [
      greeting,
      mail.t('giftcard.issued.body', values),
      data.message,
      mail.t('giftcard.issued.code', { code: data.code }),
      validity,
    ]
      .filter(Boolean)
      .join('\n\n'),
    ...(data.qrDataUri
      ? {
          extraMjml: `<mj-image src="${e(data.qrDataUri)}" alt="${e(mail.t('giftcard.issued.qr_alt', { code: data.code }))}" width="200px" />`,
        }
      : {}),
  };
});
