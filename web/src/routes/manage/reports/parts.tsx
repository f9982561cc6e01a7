import { useState, type ReactNode } from 'react';
import { LOCALE_OF, useLanguage, useT } from '../../../i18n/i18n';
import { useSearchParams } from '../../../lib/use-search-params';
import { Button } from '../../../ui/Button';
import { csvText, download, type Cell } from './csv';
import { periodOf, RANGE_SCHEMA, type Period } from './range';

/** The period of the address and the picker that changes it. */
export function usePeriod(): [Period, (next: Period) => void] {
  const [values, set] = useSearchParams(RANGE_SCHEMA);
  return [periodOf(values), (next) => set(next)];
}

/**
 * Two date fields and Show: the period is applied as a whole (one history entry), so the
 * figures are not fetched for every half-typed day.
 */
export function PeriodPicker({ period, onChange }: { period: Period; onChange: (next: Period) => void }) {
  const t = useT();
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const wrong = from === '' || to === '' || from > to;
  return (
    <form
      className="report-period print-hide"
      aria-label={t('manage.reports.period.label')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!wrong) onChange({ from, to });
      }}
    >
      <label className="field">
        <span>{t('manage.reports.period.from')}</span>
        <input type="date" value={from} max={to || undefined} required onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label className="field">
        <span>{t('manage.reports.period.to')}</span>
        <input type="date" value={to} min={from || undefined} required onChange={(e) => setTo(e.target.value)} />
      </label>
      <Button type="submit" variant="secondary">
        {t('manage.reports.period.show')}
      </Button>
      {from > to && to !== '' ? (
        <p className="field-error" role="alert">
          {t('manage.reports.period.reversed')}
        </p>
      ) : null}
    </form>
  );
}

export interface Column<R> {
  header: string;
  /** What the screen shows. */
  show: (row: R) => ReactNode;
  /** What the CSV holds. */
  csv: (row: R) => Cell;
  /** Figures are right-aligned. */
  numeric?: boolean;
}

/** A report's figures as a table: the chart's accessible alternative and the CSV's source. */
export function FigureTable<R>({
  caption,
  columns,
  rows,
  footer,
}: {
  caption: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  footer?: readonly ReactNode[];
}) {
  const t = useT();
  if (rows.length === 0) return <p>{t('manage.reports.empty')}</p>;
  return (
    <div className="table-scroll">
      <table className="list-table report-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? 'numeric' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map((column, at) =>
                at === 0 ? (
                  <th key={column.header} scope="row">
                    {column.show(row)}
                  </th>
                ) : (
                  <td key={column.header} className={column.numeric ? 'numeric' : undefined}>
                    {column.show(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {footer ? (
          <tfoot>
            <tr>
              {footer.map((cell, at) =>
                at === 0 ? (
                  <th key={at} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={at} className="numeric">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** Export as CSV: the columns' csv values, a header row first, and any extra rows (totals). */
export function ExportCsv<R>({
  name,
  columns,
  rows,
  extra = [],
}: {
  name: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  extra?: readonly (readonly Cell[])[];
}) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <Button
      variant="secondary"
      className="button print-hide"
      onPress={() =>
        download(
          name,
          csvText(
            [columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.csv(row))), ...extra],
            LOCALE_OF[language],
          ),
        )
      }
    >
      {t('manage.reports.export')}
    </Button>
  );
}

/**
 * A chart with its name; the SVG is a picture for sighted readers (its figures are in the table
 * next to it, which a screen reader reads), so it is labelled as one image.
 */
export function ChartFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure className="report-chart" role="img" aria-label={label}>
      {children}
    </figure>
  );
}
