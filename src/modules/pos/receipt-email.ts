import { composedTemplate } from '../../mail/templates/compose.js';
import { registerTemplate } from '../../mail/templates/index.js';
import { escapeHtml as e, type MailContext } from '../../mail/templates/layout.js';
import { toCents } from '../../lib/money.js';
import { LOCALES } from '../../messages/index.js';
import type { ReceiptOutput } from './receipt-schemas.js';

/*
 * A receipt sent by email: the receipt as read when it was asked for (the outbox keeps it),
 * in the client's language. The rows are a table in the HTML part and aligned lines in the
 * plain-text part; both come from one list, so they cannot differ.
 */

type Row = [label: string, value: string];

function rowsOf(receipt: ReceiptOutput, mail: MailContext): { head: string[]; rows: Row[]; tail: string[] } {
  const money = (amount: number) => mail.format.money(toCents(amount), receipt.currency);
  const percent = (rate: number) => new Intl.NumberFormat(LOCALES[mail.language]).format(rate);
  const salon = receipt.salon;
  const head = [
    [salon.address, [salon.postcode, salon.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    salon.btw_number ? mail.t('pos.receipt.btw_number', { number: salon.btw_number }) : '',
    salon.kvk_number ? mail.t('pos.receipt.kvk_number', { number: salon.kvk_number }) : '',
    mail.t('pos.receipt.number', { number: receipt.receipt_number }),
    receipt.sale_receipt_number ? mail.t('pos.receipt.refund_of', { number: receipt.sale_receipt_number }) : '',
    mail.t('pos.receipt.date', { date: mail.format.dateTime(receipt.issued_at) }),
  ].filter(Boolean);
  const rows: Row[] = receipt.lines.map((line) => [
    `${line.quantity} × ${line.type === 'gift_card' ? mail.t('pos.receipt.gift_card', { code: line.name }) : line.name}`,
    money(line.amount),
  ]);
  if (receipt.discounts.promotion > 0) {
    rows.push([
      mail.t('pos.receipt.discount', { code: receipt.discounts.code ?? '' }),
      money(-receipt.discounts.promotion),
    ]);
  }
  if (receipt.discounts.loyalty > 0) rows.push([mail.t('pos.receipt.loyalty'), money(-receipt.discounts.loyalty)]);
  rows.push([mail.t('pos.receipt.total'), money(receipt.total)]);
  for (const payment of receipt.payments) {
    const key =
      receipt.kind === 'refund' ? `pos.receipt.refunded_${payment.method}` : `pos.receipt.paid_${payment.method}`;
    rows.push([mail.t(key as 'pos.receipt.paid_cash'), money(payment.amount)]);
  }
  if (receipt.cash_tendered !== null) {
    rows.push([mail.t('pos.receipt.tendered'), money(receipt.cash_tendered)]);
    rows.push([mail.t('pos.receipt.change'), money(receipt.change)]);
  }
  for (const vat of receipt.vat) {
    rows.push([mail.t('pos.receipt.vat_row', { rate: percent(vat.rate), net: money(vat.net) }), money(vat.vat)]);
  }
  const tail = receipt.reason ? [mail.t('pos.receipt.reason', { reason: receipt.reason })] : [];
  return { head, rows, tail };
}

export const receiptEmail = composedTemplate<ReceiptOutput>((receipt, mail) => {
  const values = { number: receipt.receipt_number, salon_name: mail.salonName };
  const refund = receipt.kind === 'refund';
  const { head, rows, tail } = rowsOf(receipt, mail);
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 0">${e(label)}</td><td style="padding:2px 0;text-align:right">${e(value)}</td></tr>`,
    )
    .join('');
  const width = Math.max(...rows.map(([label]) => label.length));
  return {
    subject: mail.t(refund ? 'pos.refund_receipt.subject' : 'pos.receipt.subject', values),
    body: mail.t(refund ? 'pos.refund_receipt.body' : 'pos.receipt.body', values),
    details: {
      html: [
        `        <mj-text>${head.map(e).join('<br/>')}</mj-text>`,
        `        <mj-table font-size="14px">${table}</mj-table>`,
        ...tail.map((line) => `        <mj-text>${e(line)}</mj-text>`),
      ].join('\n'),
      text: [
        head.join('\n'),
        rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n'),
        ...tail,
      ].join('\n\n'),
    },
  };
});

declare module '../../mail/templates/index.js' {
  interface RegisteredTemplates {
    'pos.receipt': ReceiptOutput;
  }
}

/** Makes `pos.receipt` known to the outbox and the mail.send job (called by the composition root). */
export function registerReceiptEmailTemplate(): void {
  registerTemplate('pos.receipt', receiptEmail);
}
