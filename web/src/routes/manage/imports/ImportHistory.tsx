import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { $api, type Schemas } from '../../../api/client';
import { asPage } from '../../../api/pages';
import { useT } from '../../../i18n/i18n';
import { listSchema } from '../../../lib/search-params';
import { useListParams } from '../../../lib/use-search-params';
import { ListTable } from '../../../ui/ListTable';
import { useFoldedColumns, type FoldingColumn } from '../narrow-columns';
import { useRecordTime } from '../../../ui/RecordPage';

type ImportRun = Schemas['ImportRun'];

const PAGE_SIZES = [25, 50, 100] as const;

/** The history's page in the address (`?page=2`), newest first as the service lists it. */
const HISTORY_LIST = listSchema({
  sortColumns: ['created_at'],
  defaultSort: { column: 'created_at', direction: 'descending' },
  pageSizes: PAGE_SIZES,
  filters: {},
});

/** The files imported for real (a check leaves no trace), newest first: when, what, by whom, and what their rows did. */
export function ImportHistory() {
  const t = useT();
  const [list, change] = useListParams(HISTORY_LIST);
  const runs = $api.useQuery(
    'get',
    '/api/imports',
    { params: { query: { page: list.page, limit: list.size } } },
    { placeholderData: keepPreviousData },
  );
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const time = useRecordTime(salon.data);
  const page = runs.data === undefined ? null : asPage(runs.data);
  const allColumns = useMemo<FoldingColumn<ImportRun>[]>(
    () => [
      { id: 'when', name: t('manage.imports.history.when'), isRowHeader: true, cell: (run) => time(run.created_at) },
      {
        id: 'what',
        name: t('manage.imports.history.what'),
        cell: (run) => [t(`manage.imports.kind.${run.kind}`), run.file_name].filter(Boolean).join(' · '),
      },
      {
        id: 'who',
        wide: true,
        name: t('manage.imports.history.who'),
        cell: (run) => run.user_name ?? t('manage.imports.history.commandLine'),
      },
      {
        id: 'totals',
        name: t('manage.imports.history.totals'),
        cell: (run) =>
          t('manage.imports.history.counts', {
            create: run.totals.create,
            update: run.totals.update,
            refused: run.totals.refused,
          }),
      },
    ],
    [t, time],
  );
  const columns = useFoldedColumns(allColumns);
  return (
    <section className="imports-history" aria-labelledby="imports-history-title">
      <h2 id="imports-history-title">{t('manage.imports.history.title')}</h2>
      <ListTable<ImportRun>
        label={t('manage.imports.history.title')}
        columns={columns}
        rowKey={(run) => run.id}
        status={page !== null ? 'success' : runs.isError ? 'error' : 'pending'}
        rows={page?.data ?? []}
        total={page?.total ?? 0}
        isRefreshing={runs.isPlaceholderData}
        onRetry={() => void runs.refetch()}
        emptyText={t('manage.imports.history.empty')}
        sort={list.sort}
        onSortChange={() => undefined}
        page={list.page}
        pageSize={list.size}
        pageSizes={PAGE_SIZES}
        onPageChange={(next) => change({ page: next })}
        onPageSizeChange={(size) => change({ size })}
      />
    </section>
  );
}
