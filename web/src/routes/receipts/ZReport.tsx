import type { Ref } from 'react';
import type { components } from '../../api/schema.gen';
import { useT } from '../../i18n/i18n';
import { useMoney } from '../../ui/RecordPage';
import { useWallClock } from './format';
import type { Paper } from './print';
import { VatTable } from './VatTable';

export type ZReportData = components['schemas']['PosZReport'];
type MethodRow = ZReportData['sales']['by_method'][number];

/**
 * A closed day's Z report as stored at its close: sales by payment method and by VAT rate,
 * refunds, voids, discounts, gift cards, and the cash (expected against counted, the
 * difference and its reason).
 */
export function ZReport({
  report,
  currency,
  paper,
  ref,
}: {
  report: ZReportData;
  currency: string | undefined;
  paper: Paper;
  ref?: Ref<HTMLElement>;
}) {
  const t = useT();
  const money = useMoney(currency);
  const clock = useWallClock();
  const cash = report.cash;
  // Money going out as `0 - amount`, not `-amount`: a minus zero would print as "-€0.00".
  const rows: [string, string][] = [
    [t('drawer.z.float'), money(cash.float)],
    [t('drawer.z.cashSales'), money(cash.sales)],
    [t('drawer.z.cashRefunds'), money(0 - cash.refunds)],
    [t('drawer.z.paidIn'), money(cash.paid_in)],
    [t('drawer.z.paidOut'), money(0 - cash.paid_out)],
    [t('drawer.z.expected'), money(cash.expected)],
    [t('drawer.z.counted'), money(cash.counted)],
  ];
  return (
    <article ref={ref} className="till-record zreport" data-paper={paper} aria-labelledby={`z-${report.id}`}>
      <h2 id={`z-${report.id}`}>{t('drawer.z.heading', { number: report.number })}</h2>
      <dl className="zreport-facts">
        <div>
          <dt>{t('drawer.z.opened')}</dt>
          <dd>{clock(report.opened_at)}</dd>
        </div>
        <div>
          <dt>{t('drawer.z.closed')}</dt>
          <dd>{clock(report.closed_at)}</dd>
        </div>
        <div>
          <dt>{t('drawer.z.orders')}</dt>
          <dd>{report.sales.orders}</dd>
        </div>
        <div>
          <dt>{t('drawer.z.salesTotal')}</dt>
          <dd>{money(report.sales.total)}</dd>
        </div>
      </dl>
      <Methods caption={t('drawer.z.salesByMethod')} rows={report.sales.by_method} money={money} />
      <VatTable caption={t('drawer.z.salesByVat')} rows={report.sales.by_vat_rate} money={money} />
      <dl className="zreport-facts">
        <div>
          <dt>{t('drawer.z.refunds', { count: report.refunds.count })}</dt>
          <dd>{money(report.refunds.total)}</dd>
        </div>
        <div>
          <dt>{t('drawer.z.voids', { count: report.voids.count })}</dt>
          <dd>{money(report.voids.total)}</dd>
        </div>
        <div>
          <dt>{t('drawer.z.promotions')}</dt>
          <dd>{money(report.discounts.promotions)}</dd>
        </div>
        <div>
          <dt>{t('drawer.z.loyalty')}</dt>
          <dd>{money(report.discounts.loyalty)}</dd>
        </div>
        <div>
          <dt>{t('drawer.z.giftCardsSold')}</dt>
          <dd>{money(report.gift_cards.sold)}</dd>
        </div>
        <div>
          <dt>{t('drawer.z.giftCardsRedeemed')}</dt>
          <dd>{money(report.gift_cards.redeemed)}</dd>
        </div>
      </dl>
      {report.refunds.count > 0 && (
        <Methods caption={t('drawer.z.refundsByMethod')} rows={report.refunds.by_method} money={money} />
      )}
      <table>
        <caption>{t('drawer.z.cash')}</caption>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="amount">{value}</td>
            </tr>
          ))}
          <tr className="receipt-total">
            <th scope="row">{t('drawer.z.difference')}</th>
            <td className="amount till-difference">{money(cash.difference)}</td>
          </tr>
        </tbody>
      </table>
      {cash.reason && <p>{t('drawer.z.reason', { reason: cash.reason })}</p>}
      {cash.denominations && cash.denominations.length > 0 && (
        <table>
          <caption>{t('drawer.z.denominations')}</caption>
          <tbody>
            {cash.denominations.map((line) => (
              <tr key={line.value}>
                <th scope="row">{money(line.value)}</th>
                <td className="amount">× {line.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}

function Methods({ caption, rows, money }: { caption: string; rows: MethodRow[]; money: (n: number) => string }) {
  const t = useT();
  if (rows.length === 0) return null;
  return (
    <table>
      <caption>{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.method}>
            <th scope="row">{methodName(t, row.method)}</th>
            <td className="amount">{money(row.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function methodName(t: ReturnType<typeof useT>, method: string): string {
  return ['cash', 'card', 'online', 'gift_card'].includes(method) ? t(`drawer.method.${method as 'cash'}`) : method;
}
