import type { Ref } from 'react';
import type { components } from '../../api/schema.gen';
import { useT } from '../../i18n/i18n';
import { useMoney } from '../../ui/RecordPage';
import { useWallClock } from './format';
import type { Paper } from './print';
import { VatTable } from './VatTable';

export type ReceiptData = components['schemas']['PosReceipt'];

/**
 * A receipt as printed and as shown: the salon (its VAT and Chamber of Commerce numbers), the
 * receipt's number and time, the lines, discounts, total, payments and change, and the VAT per
 * rate. Its figures are the service's, never recomputed here.
 */
export function Receipt({ receipt, paper, ref }: { receipt: ReceiptData; paper: Paper; ref?: Ref<HTMLElement> }) {
  const t = useT();
  const money = useMoney(receipt.currency);
  const clock = useWallClock();
  const salon = receipt.salon;
  const refund = receipt.kind === 'refund';
  const place = [salon.postcode, salon.city].filter(Boolean).join(' ');
  return (
    <article ref={ref} className="till-record receipt" data-paper={paper} aria-labelledby="receipt-salon">
      <header className="receipt-head">
        <h2 id="receipt-salon">{salon.name}</h2>
        {salon.address && <p>{salon.address}</p>}
        {place && <p>{place}</p>}
        {salon.phone && <p>{t('receipts.phone', { phone: salon.phone })}</p>}
        {salon.btw_number && <p>{t('receipts.btw', { number: salon.btw_number })}</p>}
        {salon.kvk_number && <p>{t('receipts.kvk', { number: salon.kvk_number })}</p>}
      </header>
      <p className="receipt-title">{refund ? t('receipts.kind.refund') : t('receipts.kind.sale')}</p>
      <dl className="receipt-facts">
        <div>
          <dt>{t('receipts.number')}</dt>
          <dd>{receipt.receipt_number}</dd>
        </div>
        {receipt.sale_receipt_number && (
          <div>
            <dt>{t('receipts.refundOf')}</dt>
            <dd>{receipt.sale_receipt_number}</dd>
          </div>
        )}
        <div>
          <dt>{t('receipts.date')}</dt>
          <dd>{clock(receipt.issued_at)}</dd>
        </div>
        <div>
          <dt>{t('receipts.servedBy')}</dt>
          <dd>{receipt.staff_name}</dd>
        </div>
      </dl>
      <table className="receipt-lines">
        <caption className="visually-hidden">{t('receipts.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('receipts.item')}</th>
            <th scope="col" className="amount">
              {t('receipts.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, index) => (
            <tr key={index}>
              <td>
                {line.quantity} × {line.type === 'gift_card' ? t('receipts.giftCard', { code: line.name }) : line.name}
                {line.unit_price !== null && line.quantity > 1 && (
                  <span className="receipt-each"> {t('receipts.each', { price: money(line.unit_price) })}</span>
                )}
              </td>
              <td className="amount">{money(line.amount)}</td>
            </tr>
          ))}
          {receipt.discounts.promotion > 0 && (
            <tr>
              <td>{t('receipts.discount', { code: receipt.discounts.code ?? '' })}</td>
              <td className="amount">{money(0 - receipt.discounts.promotion)}</td>
            </tr>
          )}
          {receipt.discounts.loyalty > 0 && (
            <tr>
              <td>{t('receipts.loyalty')}</td>
              <td className="amount">{money(0 - receipt.discounts.loyalty)}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr className="receipt-total">
            <th scope="row">{refund ? t('receipts.totalRefunded') : t('receipts.total')}</th>
            <td className="amount">{money(receipt.total)}</td>
          </tr>
          {receipt.payments.map((payment) => (
            <tr key={payment.method}>
              <th scope="row">
                {refund ? t(`receipts.refundedBy.${payment.method}`) : t(`receipts.paidBy.${payment.method}`)}
              </th>
              <td className="amount">{money(payment.amount)}</td>
            </tr>
          ))}
          {receipt.cash_tendered !== null && (
            <>
              <tr>
                <th scope="row">{t('receipts.tendered')}</th>
                <td className="amount">{money(receipt.cash_tendered)}</td>
              </tr>
              <tr>
                <th scope="row">{t('receipts.change')}</th>
                <td className="amount">{money(receipt.change)}</td>
              </tr>
            </>
          )}
        </tfoot>
      </table>
      <VatTable className="receipt-vat" caption={t('receipts.vat.caption')} rows={receipt.vat} money={money} />
      {receipt.reason && <p>{t('receipts.reason', { reason: receipt.reason })}</p>}
      <p className="receipt-thanks">{refund ? t('receipts.refundThanks') : t('receipts.thanks')}</p>
    </article>
  );
}
