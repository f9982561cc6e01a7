import { useT } from '../../i18n/i18n';
import { usePercent } from './format';

interface VatRow {
  rate: number;
  net: number;
  vat: number;
  gross: number;
}

/** The VAT per rate (net, VAT, gross) of a receipt or a Z report; nothing when there is none. */
export function VatTable({
  caption,
  rows,
  money,
  className,
}: {
  caption: string;
  rows: readonly VatRow[];
  money: (amount: number) => string;
  className?: string;
}) {
  const t = useT();
  const percent = usePercent();
  if (rows.length === 0) return null;
  return (
    <table className={className}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('receipts.vat.rate')}</th>
          <th scope="col" className="amount">
            {t('receipts.vat.net')}
          </th>
          <th scope="col" className="amount">
            {t('receipts.vat.vat')}
          </th>
          <th scope="col" className="amount">
            {t('receipts.vat.gross')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.rate}>
            <th scope="row">{percent(row.rate)}</th>
            <td className="amount">{money(row.net)}</td>
            <td className="amount">{money(row.vat)}</td>
            <td className="amount">{money(row.gross)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
