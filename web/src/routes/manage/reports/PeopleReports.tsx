import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../i18n/i18n';
import { Loading, LoadError } from '../../../ui/PageStates';
import { BarFigure } from './charts';
import type { ReportFormat } from './format';
import { ExportCsv, FigureTable, type Column } from './parts';
import type { Period } from './range';
import { reportQueries } from './queries';

/* The reports about people: staff performance, client retention with its churned list. */

interface Props {
  period: Period;
  f: ReportFormat;
}

export function StaffReport({ period, f }: Props) {
  const t = useT();
  const query = useQuery(reportQueries.staff(period));
  if (query.isError) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const rows = query.data;
  const columns: Column<(typeof rows)[number]>[] = [
    { header: t('manage.reports.col.name'), show: (r) => r.name, csv: (r) => r.name },
    {
      header: t('manage.reports.col.revenue'),
      show: (r) => f.money(r.revenue),
      csv: (r) => ({ money: r.revenue }),
      numeric: true,
    },
    {
      header: t('manage.reports.col.completed'),
      show: (r) => f.count(r.booking_count),
      csv: (r) => r.booking_count,
      numeric: true,
    },
    {
      header: t('manage.reports.col.rating'),
      show: (r) => f.count(Number(r.avg_rating)),
      csv: (r) => Number(r.avg_rating),
      numeric: true,
    },
    {
      header: t('manage.reports.col.reviews'),
      show: (r) => f.count(r.review_count),
      csv: (r) => r.review_count,
      numeric: true,
    },
  ];
  return (
    <>
      <BarFigure
        label={t('manage.reports.staff.chart')}
        rows={rows}
        x={(r) => r.name}
        y={(r) => r.revenue}
        format={f.money}
      />
      <FigureTable caption={t('manage.reports.staff.title')} columns={columns} rows={rows} />
      <ExportCsv name={`staff-${period.from}-${period.to}.csv`} columns={columns} rows={rows} />
    </>
  );
}

export function RetentionReport({ period, f }: Props) {
  const t = useT();
  const query = useQuery(reportQueries.retention(period));
  if (query.isError) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const d = query.data;
  const summary = [
    {
      label: t('manage.reports.retention.active'),
      value: f.count(d.active_count),
      raw: d.active_count,
      n: d.active_count,
    },
    {
      label: t('manage.reports.retention.returning'),
      value: f.count(d.returning_count),
      raw: d.returning_count,
      n: d.returning_count,
    },
    { label: t('manage.reports.retention.rate'), value: f.percent(d.retention_rate), raw: d.retention_rate, n: null },
    { label: t('manage.reports.retention.gap'), value: f.count(d.avg_visit_days), raw: d.avg_visit_days, n: null },
  ];
  const summaryColumns: Column<(typeof summary)[number]>[] = [
    { header: t('manage.reports.col.figure'), show: (r) => r.label, csv: (r) => r.label },
    { header: t('manage.reports.col.value'), show: (r) => r.value, csv: (r) => r.raw, numeric: true },
  ];
  const churned = d.churned;
  const churnColumns: Column<(typeof churned)[number]>[] = [
    { header: t('manage.reports.col.name'), show: (r) => r.name, csv: (r) => r.name },
    { header: t('manage.reports.col.email'), show: (r) => r.email ?? '', csv: (r) => r.email ?? '' },
    {
      header: t('manage.reports.col.lastVisit'),
      show: (r) => f.day(r.last_booking),
      csv: (r) => f.csvDay(r.last_booking),
    },
    {
      header: t('manage.reports.col.spent'),
      show: (r) => f.money(r.total_spent),
      csv: (r) => ({ money: r.total_spent }),
      numeric: true,
    },
  ];
  const bars = summary.filter((row) => row.n !== null);
  return (
    <>
      <BarFigure
        label={t('manage.reports.retention.chart')}
        rows={bars}
        x={(r) => r.label}
        y={(r) => r.n ?? 0}
        format={f.count}
      />
      <FigureTable caption={t('manage.reports.retention.title')} columns={summaryColumns} rows={summary} />
      <h2>{t('manage.reports.retention.churned', { days: d.churn_days })}</h2>
      <FigureTable caption={t('manage.reports.retention.churnedTable')} columns={churnColumns} rows={churned} />
      <ExportCsv
        name={`retention-${period.from}-${period.to}.csv`}
        columns={churnColumns}
        rows={churned}
        extra={[[], ...summary.map((row) => [row.label, row.raw])]}
      />
    </>
  );
}
