import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../i18n/i18n';
import { weekdayName } from '../../../lib/format';
import { Loading, LoadError } from '../../../ui/PageStates';
import { BarFigure } from './charts';
import type { ReportFormat } from './format';
import { ExportCsv, FigureTable, type Column } from './parts';
import { reportQueries } from './queries';

/* The reports over the calendar: the week's busy hours (all time) and the forecast ahead. */

/**
 * The heatmap as a coloured week grid that is a real table: a row per weekday (Monday first, as
 * a salon's week is read), a column per hour that has bookings, each cell its count with a
 * background from pale to the accent colour. A screen reader reads it as a table (row and column
 * headers), the keyboard reaches it as any table; the colour only repeats the number.
 */
export function HeatmapReport({ f }: { f: ReportFormat }) {
  const t = useT();
  const query = useQuery(reportQueries.heatmap());
  if (query.isError) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const cells = query.data;
  if (cells.length === 0) return <p>{t('manage.reports.empty')}</p>;
  const hours = [...new Set(cells.map((c) => c.hour))].sort((a, b) => a - b);
  const max = Math.max(...cells.map((c) => c.count));
  const count = (day: number, hour: number) => cells.find((c) => c.day === day && c.hour === hour)?.count ?? 0;
  // The API numbers days 1 = Sunday … 7 = Saturday; Monday first.
  const days = [2, 3, 4, 5, 6, 7, 1];
  const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
  const rows = days.map((day) => ({ day, name: weekdayName(day - 1, f.locale) }));
  const columns: Column<(typeof rows)[number]>[] = [
    { header: t('manage.reports.col.day'), show: (r) => r.name, csv: (r) => r.name },
    ...hours.map((hour) => ({
      header: hourText(hour),
      show: (r: (typeof rows)[number]) => f.count(count(r.day, hour)),
      csv: (r: (typeof rows)[number]) => count(r.day, hour),
      numeric: true,
    })),
  ];
  return (
    <>
      <p>{t('manage.reports.heatmap.intro')}</p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t('manage.reports.heatmap.title')}>
        <table className="heatmap">
          <caption>{t('manage.reports.heatmap.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('manage.reports.col.day')}</th>
              {hours.map((hour) => (
                <th key={hour} scope="col">
                  {hourText(hour)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.day}>
                <th scope="row">{row.name}</th>
                {hours.map((hour) => {
                  const n = count(row.day, hour);
                  const level = n === 0 ? 0 : Math.ceil((n / max) * 4);
                  return (
                    <td key={hour} data-level={level}>
                      {f.count(n)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ExportCsv name="heatmap.csv" columns={columns} rows={rows} />
    </>
  );
}

export function ForecastReport({ f }: { f: ReportFormat }) {
  const t = useT();
  const query = useQuery(reportQueries.forecast());
  if (query.isError) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const rows = query.data;
  const total = rows.reduce((sum, r) => sum + Math.round(r.expected_revenue * 100), 0) / 100;
  const bookings = rows.reduce((sum, r) => sum + r.booking_count, 0);
  const columns: Column<(typeof rows)[number]>[] = [
    { header: t('manage.reports.col.day'), show: (r) => f.day(r.day), csv: (r) => f.csvDay(r.day) },
    {
      header: t('manage.reports.col.bookings'),
      show: (r) => f.count(r.booking_count),
      csv: (r) => r.booking_count,
      numeric: true,
    },
    {
      header: t('manage.reports.col.expected'),
      show: (r) => f.money(r.expected_revenue),
      csv: (r) => ({ money: r.expected_revenue }),
      numeric: true,
    },
  ];
  return (
    <>
      <p>{t('manage.reports.forecast.intro')}</p>
      <BarFigure
        label={t('manage.reports.forecast.chart')}
        rows={rows}
        x={(r) => f.day(r.day)}
        y={(r) => r.expected_revenue}
        format={f.money}
      />
      <FigureTable
        caption={t('manage.reports.forecast.title')}
        columns={columns}
        rows={rows}
        footer={[t('manage.reports.col.total'), f.count(bookings), f.money(total)]}
      />
      <ExportCsv
        name="forecast.csv"
        columns={columns}
        rows={rows}
        extra={[[t('manage.reports.col.total'), bookings, { money: total }]]}
      />
    </>
  );
}
