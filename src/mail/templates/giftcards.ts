import { escapeHtml as e, layout, paragraph, type Brand } from './layout.js';

/** A gift card sold at the till or issued by the salon, sent to its recipient. */
export interface GiftCardIssuedData {
  recipientName: string;
  code: string;
  /** formatted in the salon's currency, e.g. "€50.00" */
  amount: string;
  message: string;
  /** YYYY-MM-DD, or null when it never expires */
  expiresOn: string | null;
  /** a PNG data URI of the code as a QR code, when giftcard_qr_enabled */
  qrDataUri: string | null;
}

const greeting = (data: GiftCardIssuedData) => (data.recipientName ? `Hello ${data.recipientName},` : 'Hello,');
const validity = (data: GiftCardIssuedData) =>
  data.expiresOn ? `Valid until ${data.expiresOn}.` : 'It does not expire.';

export const issued = {
  subject: (data: GiftCardIssuedData, brand: Brand) => `Your ${data.amount} gift card for ${brand.salonName}`,
  mjml: (data: GiftCardIssuedData, brand: Brand) =>
    layout(
      brand,
      'A gift card for you',
      [
        paragraph(e(greeting(data))),
        paragraph(`You have received a gift card worth <strong>${e(data.amount)}</strong> for ${e(brand.salonName)}.`),
        data.message ? paragraph(`<em>${e(data.message)}</em>`) : '',
        paragraph(`Your code: <strong>${e(data.code)}</strong>`),
        data.qrDataUri ? `<mj-image src="${e(data.qrDataUri)}" alt="QR code of ${e(data.code)}" width="200px" />` : '',
        paragraph(`${e(validity(data))} Show the code at the till to pay with it.`),
      ]
        .filter(Boolean)
        .join('\n'),
    ),
  text: (data: GiftCardIssuedData, brand: Brand) =>
    `${greeting(data)}\n\nYou have received a gift card worth ${data.amount} for ${brand.salonName}.\n` +
    (data.message ? `\n${data.message}\n` : '') +
    `\nYour code: ${data.code}\n${validity(data)} Show the code at the till to pay with it.\n`,
};
