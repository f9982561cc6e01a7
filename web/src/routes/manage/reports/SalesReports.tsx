import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../i18n/i18n';
import { Loading, LoadError } from '../../../ui/PageStates';
import { BarFigure, LineFigure } from './charts';
import type { ReportFormat } from './format';
import { ExportCsv, FigureTable, type Column } from './parts';
import { reportQueries } from './queries';
import type { Period } from './range';

/* The money reports: revenue over time (the sales per month or week), items, promotions. */

interface Props {
  period: Period;
  f: ReportFormat;
}

/**
 * Revenue (sales minus refunds) of each month or week of the period: one request for every
 * bucket (the sales series), not a sales summary per bucket.
 */
export function RevenueReport({ period, f }: Props) {
  const t = useT();
  const query = useQuery(reportQueries.revenue(period));
  if (query.isError) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const rows = query.data.buckets.map((bucket) => ({ from: bucket.from, to: bucket.to, revenue: bucket.total_sales }));
  const total = query.data.total_sales;
  const columns: Column<(typeof rows)[number]>[] = [
    { header: t('manage.reports.col.from'), show: (r) => f.day(r.from), csv: (r) => f.csvDay(r.from) },
    { header: t('manage.reports.col.to'), show: (r) => f.day(r.to), csv: (r) => f.csvDay(r.to) },
    {
      header: t('manage.reports.col.revenue'),
      show: (r) => f.money(r.revenue),
      csv: (r) => ({ money: r.revenue }),
      numeric: true,
    },
  ];
  return (
    <>
      <p className="report-figure">
        {t('manage.reports.revenue.total')} <strong>{f.money(total)}</strong>
      </p>
      <LineFigure
        label={t('manage.reports.revenue.chart')}
        rows={rows}
        x={(r) => f.day(r.from)}
        y={(r) => r.revenue}
        format={f.money}
      />
      <FigureTable
        caption={t('manage.reports.revenue.table')}
        columns={columns}
        rows={rows}
        footer={[t('manage.reports.col.total'), '', f.money(total)]}
      />
      <ExportCsv
        name={`revenue-${period.from}-${period.to}.csv`}
        columns={columns}
        rows={rows}
        extra={[[t('manage.reports.col.total'), '', { money: total }]]}
      />
    </>
  );
}

export function BookingCountReport({ period, f }: Props) {
  const t = useT();
  const query = useQuery(reportQueries.bookings(period));
  if (query.isError) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const rows = [{ label: t('manage.reports.bookings.count'), value: query.data.booking_count }];
  const columns: Column<(typeof rows)[number]>[] = [
    { header: t('manage.reports.col.figure'), show: (r) => r.label, csv: (r) => r.label },
    { header: t('manage.reports.col.value'), show: (r) => f.count(r.value), csv: (r) => r.value, numeric: true },
  ];
  return (
    <>
      <FigureTable caption={t('manage.reports.bookings.title')} columns={columns} rows={rows} />
      <ExportCsv name={`bookings-${period.from}-${period.to}.csv`} columns={columns} rows={rows} />
    </>
  );
}

export function ItemsReport({ period, f }: Props) {
  const t = useT();
  const query = useQuery(reportQueries.items(period));
  if (query.isError) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const rows = [
    ...query.data.services.map((s) => ({ kind: t('manage.reports.items.service'), ...s })),
    ...query.data.products.map((p) => ({ kind: t('manage.reports.items.product'), ...p })),
  ];
  const columns: Column<(typeof rows)[number]>[] = [
    { header: t('manage.reports.col.name'), show: (r) => r.name, csv: (r) => r.name },
    { header: t('manage.reports.col.kind'), show: (r) => r.kind, csv: (r) => r.kind },
    {
      header: t('manage.reports.col.quantity'),
      show: (r) => f.count(r.qty_sold),
      csv: (r) => r.qty_sold,
      numeric: true,
    },
    {
      header: t('manage.reports.col.revenue'),
      show: (r) => f.money(r.revenue),
      csv: (r) => ({ money: r.revenue }),
      numeric: true,
    },
  ];
  return (
    <>
      <BarFigure
        label={t('manage.reports.items.chart')}
        rows={rows}
        x={(r) => r.name}
        y={(r) => r.revenue}
        format={f.money}
      />
      <FigureTable caption={t('manage.reports.items.title')} columns={columns} rows={rows} />
      <ExportCsv name={`items-${period.from}-${period.to}.csv`} columns={columns} rows={rows} />
    </>
  );
}

export function PromotionsReport({ period, f }: Props) {
  const t = useT();
  const query = useQuery(reportQueries.promotions(period));
  if (query.isError) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const rows = query.data.promotions;
  const columns: Column<(typeof rows)[number]>[] = [
    { header: t('manage.reports.col.name'), show: (r) => r.name, csv: (r) => r.name },
    { header: t('manage.reports.col.code'), show: (r) => r.code, csv: (r) => r.code },
    {
      header: t('manage.reports.col.uses'),
      show: (r) => f.count(r.times_used),
      csv: (r) => r.times_used,
      numeric: true,
    },
    {
      header: t('manage.reports.col.discount'),
      show: (r) => f.money(r.total_discount),
      csv: (r) => ({ money: r.total_discount }),
      numeric: true,
    },
  ];
  return (
    <>
      <p className="report-figure">
        {t('manage.reports.promotions.summary', {
          uses: f.count(query.data.total_used),
          discount: f.money(query.data.total_discount),
        })}
      </p>
      <BarFigure
        label={t('manage.reports.promotions.chart')}
        rows={rows}
        x={(r) => r.code}
        y={(r) => r.times_used}
        format={f.count}
      />
      <FigureTable
        caption={t('manage.reports.promotions.title')}
        columns={columns}
        rows={rows}
        footer={[t('manage.reports.col.total'), '', f.count(query.data.total_used), f.money(query.data.total_discount)]}
      />
      <ExportCsv
        name={`promotions-${period.from}-${period.to}.csv`}
        columns={columns}
        rows={rows}
        extra={[[t('manage.reports.col.total'), '', query.data.total_used, { money: query.data.total_discount }]]}
      />
    </>
  );
}

export function GiftCardsReport({ period, f }: Props) {
  const t = useT();
  const query = useQuery(reportQueries['gift-cards'](period));
  if (query.isError) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const d = query.data;
  const rows = [
    { label: t('manage.reports.giftcards.sold'), count: d.sold_count, value: d.sold_value },
    { label: t('manage.reports.giftcards.redeemed'), count: d.redeemed_count, value: d.redeemed_value },
    { label: t('manage.reports.giftcards.outstanding'), count: d.outstanding_count, value: d.outstanding_balance },
  ];
  const columns: Column<(typeof rows)[number]>[] = [
    { header: t('manage.reports.col.figure'), show: (r) => r.label, csv: (r) => r.label },
    { header: t('manage.reports.col.cards'), show: (r) => f.count(r.count), csv: (r) => r.count, numeric: true },
    {
      header: t('manage.reports.col.value'),
      show: (r) => f.money(r.value),
      csv: (r) => ({ money: r.value }),
      numeric: true,
    },
  ];
  return (
    <>
      <BarFigure
        label={t('manage.reports.giftcards.chart')}
        rows={rows}
        x={(r) => r.label}
        y={(r) => r.value}
        format={f.money}
      />
      <FigureTable caption={t('manage.reports.giftcards.title')} columns={columns} rows={rows} />
      <ExportCsv name={`gift-cards-${period.from}-${period.to}.csv`} columns={columns} rows={rows} />
    </>
  );
}
