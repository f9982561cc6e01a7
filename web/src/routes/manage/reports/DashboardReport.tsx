import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../i18n/i18n';
import { Loading, LoadError } from '../../../ui/PageStates';
import { BarFigure } from './charts';
import type { ReportFormat } from './format';
import { ExportCsv, FigureTable, type Column } from './parts';
import { reportQueries } from './queries';

/** Today's figures, with the revenue goal and the week's forecast when the salon turned them on. */
export function DashboardReport({ f }: { f: ReportFormat }) {
  const t = useT();
  const query = useQuery(reportQueries.dashboard());
  if (query.isError) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const d = query.data;
  const rows = [
    { label: t('manage.reports.dashboard.revenue'), show: f.money(d.revenue_today), csv: { money: d.revenue_today } },
    { label: t('manage.reports.dashboard.orders'), show: f.count(d.orders_today), csv: d.orders_today },
    { label: t('manage.reports.dashboard.bookings'), show: f.count(d.bookings_today), csv: d.bookings_today },
    ...(d.revenue_goal
      ? [
          {
            label: t('manage.reports.dashboard.goal'),
            show: f.money(d.revenue_goal.goal),
            csv: { money: d.revenue_goal.goal },
          },
          {
            label: t('manage.reports.dashboard.progress'),
            show: f.percent(d.revenue_goal.progress),
            csv: d.revenue_goal.progress,
          },
        ]
      : []),
    ...(d.forecast
      ? [
          {
            label: t('manage.reports.dashboard.week'),
            show: f.money(d.forecast.expected_revenue),
            csv: { money: d.forecast.expected_revenue },
          },
        ]
      : []),
  ];
  const columns: Column<(typeof rows)[number]>[] = [
    { header: t('manage.reports.col.figure'), show: (r) => r.label, csv: (r) => r.label },
    { header: t('manage.reports.col.value'), show: (r) => r.show, csv: (r) => r.csv, numeric: true },
  ];
  return (
    <section aria-labelledby="report-today">
      <h2 id="report-today">{t('manage.reports.dashboard.title', { date: f.day(d.date) })}</h2>
      <FigureTable caption={t('manage.reports.dashboard.table')} columns={columns} rows={rows} />
      {d.forecast && d.forecast.per_day.length > 0 ? (
        <BarFigure
          label={t('manage.reports.forecast.chart')}
          rows={d.forecast.per_day}
          x={(r) => f.day(r.day)}
          y={(r) => r.expected_revenue}
          format={f.money}
        />
      ) : null}
      <ExportCsv name={`today-${d.date}.csv`} columns={columns} rows={rows} />
    </section>
  );
}
