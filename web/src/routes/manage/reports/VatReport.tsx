import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';
import { Loading, LoadError } from '../../../ui/PageStates';
import type { ReportFormat } from './format';
import { ExportCsv, FigureTable, type Column } from './parts';
import type { Period } from './range';
import { reportQueries } from './queries';

/**
 * The VAT report for the accountant: per rate what was sold, what was given back and what is
 * due (net, VAT, gross), with the totals; as CSV and as a printed page (the shell, the picker
 * and the buttons are left off the paper by the print stylesheet).
 */
export function VatReport({ period, f, salon }: { period: Period; f: ReportFormat; salon: string }) {
  const t = useT();
  const query = useQuery(reportQueries.vat(period));
  if (query.isError) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const d = query.data;
  type Row = (typeof d.rates)[number];
  const rate = (r: Row) => f.percent(r.rate);
  const columns: Column<Row>[] = [
    { header: t('manage.reports.col.rate'), show: rate, csv: rate },
    {
      header: t('manage.reports.vat.salesNet'),
      show: (r) => f.money(r.sales.net),
      csv: (r) => ({ money: r.sales.net }),
      numeric: true,
    },
    {
      header: t('manage.reports.vat.salesVat'),
      show: (r) => f.money(r.sales.vat),
      csv: (r) => ({ money: r.sales.vat }),
      numeric: true,
    },
    {
      header: t('manage.reports.vat.refundsNet'),
      show: (r) => f.money(r.refunds.net),
      csv: (r) => ({ money: r.refunds.net }),
      numeric: true,
    },
    {
      header: t('manage.reports.vat.refundsVat'),
      show: (r) => f.money(r.refunds.vat),
      csv: (r) => ({ money: r.refunds.vat }),
      numeric: true,
    },
    { header: t('manage.reports.vat.net'), show: (r) => f.money(r.net), csv: (r) => ({ money: r.net }), numeric: true },
    { header: t('manage.reports.vat.vat'), show: (r) => f.money(r.vat), csv: (r) => ({ money: r.vat }), numeric: true },
    {
      header: t('manage.reports.vat.gross'),
      show: (r) => f.money(r.gross),
      csv: (r) => ({ money: r.gross }),
      numeric: true,
    },
  ];
  const s = d.totals;
  const totals = [s.sales.net, s.sales.vat, s.refunds.net, s.refunds.vat, s.net, s.vat, s.gross];
  return (
    <section className="vat-report">
      <p className="print-only">
        {salon} — {t('manage.reports.vat.title')}
      </p>
      <p>{t('manage.reports.vat.period', { from: f.day(d.from), to: f.day(d.to) })}</p>
      <FigureTable
        caption={t('manage.reports.vat.table')}
        columns={columns}
        rows={d.rates}
        footer={[t('manage.reports.col.total'), ...totals.map(f.money)]}
      />
      <p className="report-note">{t('manage.reports.vat.note')}</p>
      <div className="report-actions print-hide">
        <ExportCsv
          name={`vat-${d.from}-${d.to}.csv`}
          columns={columns}
          rows={d.rates}
          extra={[[t('manage.reports.col.total'), ...totals.map((money) => ({ money }))]]}
        />
        <Button variant="secondary" onPress={() => window.print()}>
          {t('manage.reports.print')}
        </Button>
      </div>
    </section>
  );
}
