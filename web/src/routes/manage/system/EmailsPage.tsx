import { keepPreviousData } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { $api, type Schemas } from '../../../api/client';
import { asPage } from '../../../api/pages';
import { useT } from '../../../i18n/i18n';
import { param } from '../../../lib/search-params';
import { useListParams } from '../../../lib/use-search-params';
import { ListTable, type ListColumn } from '../../../ui/ListTable';
import { useTitle } from '../../../ui/PageStates';
import { useRecordTime } from '../../../ui/RecordPage';
import { emailHref } from './system-paths';

type Email = Schemas['OutboxEmail'];

const PAGE_SIZES = [25, 50, 100] as const;
const EMAIL_LIST = {
  size: param.oneOf(PAGE_SIZES, { default: PAGE_SIZES[0] }),
  page: param.integer({ default: 1, min: 1, history: 'push' }),
};
/** The outbox is the service's order (newest first); the list offers no other. */
const NEWEST_FIRST = { column: 'created_at', direction: 'descending' } as const;

/** /manage/system/emails: every email the salon sent or tried to, newest first; a row opens it as sent. */
export function EmailsPage() {
  const t = useT();
  useTitle(t('manage.system.emails.title'));
  const [, navigate] = useLocation();
  const [list, change] = useListParams(EMAIL_LIST);
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const when = useRecordTime(salon.data);
  const emails = $api.useQuery(
    'get',
    '/api/system/emails',
    { params: { query: { page: list.page, limit: list.size } } },
    { placeholderData: keepPreviousData },
  );
  const page = emails.data === undefined ? null : asPage(emails.data);
  const columns: ListColumn<Email>[] = [
    { id: 'created_at', name: t('manage.system.column.when'), cell: (row) => when(row.created_at) },
    { id: 'to', name: t('manage.system.column.to'), cell: (row) => row.to },
    { id: 'subject', name: t('manage.system.emails.subject'), isRowHeader: true, cell: (row) => row.subject },
    {
      id: 'status',
      name: t('manage.system.column.status'),
      cell: (row) => `${t(`manage.system.emails.status.${row.status}`)}${row.error ? ` (${row.error})` : ''}`,
    },
  ];
  return (
    <>
      <h1>{t('manage.system.emails.title')}</h1>
      <p>{t('manage.system.emails.intro')}</p>
      <ListTable<Email>
        label={t('manage.system.emails.title')}
        columns={columns}
        rowKey={(row) => row.id}
        status={page !== null ? 'success' : emails.isError ? 'error' : 'pending'}
        rows={page?.data ?? []}
        total={page?.total ?? 0}
        isRefreshing={emails.isPlaceholderData}
        onRetry={() => void emails.refetch()}
        emptyText={t('manage.system.emails.empty')}
        sort={NEWEST_FIRST}
        onSortChange={() => undefined}
        page={list.page}
        pageSize={list.size}
        pageSizes={PAGE_SIZES}
        onPageChange={(next) => change({ page: next })}
        onPageSizeChange={(size) => change({ size: size as (typeof PAGE_SIZES)[number] })}
        onRowAction={(key) => navigate(emailHref(Number(key)))}
      />
    </>
  );
}
