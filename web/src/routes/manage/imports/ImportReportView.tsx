import { useId, useState } from 'react';
import { useT, type MessageKey } from '../../../i18n/i18n';
import { Pagination } from '../../../ui/Pagination';
import type { ImportReport } from './send-import';

type Row = ImportReport['rows'][number];
type Action = Row['action'];
type Filter = Action | 'all';

const ACTIONS: readonly Action[] = ['create', 'update', 'unchanged', 'refused'];
const ACTION_WORDS: Record<Action, MessageKey> = {
  create: 'manage.imports.action.create',
  update: 'manage.imports.action.update',
  unchanged: 'manage.imports.action.unchanged',
  refused: 'manage.imports.action.refused',
};
const PAGE_SIZES = [50, 100, 200] as const;

/** Why a row was refused: each field's message with the column it came from, else the API's message. */
function reasonOf(row: Row): string {
  const error = row.error;
  if (!error) return '';
  const details = error.details ?? [];
  if (details.length === 0) return error.message;
  return details.map((d) => `${d.column ?? d.field}: ${d.message}`).join('; ');
}

/**
 * An import's report: the totals, and the rows with what happens to each (added, updated and
 * which fields change, unchanged, refused and why), filtered by what happens and shown a page
 * at a time (a file may have 20,000 rows). A file with refused rows opens on those.
 */
export function ImportReportView({ report }: { report: ImportReport }) {
  const t = useT();
  const filterId = useId();
  const [filter, setFilter] = useState<Filter>(report.totals.refused > 0 ? 'refused' : 'all');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const rows = filter === 'all' ? report.rows : report.rows.filter((row) => row.action === filter);
  const shown = rows.slice((page - 1) * size, page * size);
  return (
    <>
      <div role="status">
        <dl className="imports-totals">
          {ACTIONS.map((action) => (
            <div key={action} className="imports-total" data-action={action}>
              <dt>{t(ACTION_WORDS[action])}</dt>
              <dd>{report.totals[action]}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="field imports-filter">
        <label htmlFor={filterId}>{t('manage.imports.show')}</label>
        <select
          id={filterId}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as Filter);
            setPage(1);
          }}
        >
          <option value="all">{t('manage.imports.showAll', { count: report.totals.rows })}</option>
          {ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(ACTION_WORDS[action])} ({report.totals[action]})
            </option>
          ))}
        </select>
      </div>
      <div className="imports-rows-scroll" role="region" aria-label={t('manage.imports.rows')} tabIndex={0}>
        <table className="imports-rows">
          <thead>
            <tr>
              <th scope="col">{t('manage.imports.line')}</th>
              <th scope="col">{t('manage.imports.record')}</th>
              <th scope="col">{t('manage.imports.result')}</th>
              <th scope="col">{t('manage.imports.detail')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.line} data-action={row.action}>
                <td>{row.line}</td>
                <th scope="row">{row.record}</th>
                <td>{t(ACTION_WORDS[row.action])}</td>
                <td>
                  {row.action === 'refused'
                    ? reasonOf(row)
                    : row.action === 'update'
                      ? t('manage.imports.changes', { fields: row.changes.join(', ') })
                      : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && <p>{t('manage.imports.noRows')}</p>}
      {rows.length > 0 && (
        <Pagination
          page={page}
          pageSize={size}
          total={rows.length}
          pageSizes={PAGE_SIZES}
          onPageChange={setPage}
          onPageSizeChange={(next) => {
            setSize(next);
            setPage(1);
          }}
          label={t('manage.imports.rowPages')}
        />
      )}
    </>
  );
}
