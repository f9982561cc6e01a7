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
import { smsHref } from './system-paths';

type Sms = Schemas['OutboxSms'];

const PAGE_SIZES = [25, 50, 100] as const;
const SMS_LIST = {
  size: param.oneOf(PAGE_SIZES, { default: PAGE_SIZES[0] }),
  page: param.integer({ default: 1, min: 1, history: 'push' }),
};
/** The outbox is the service's order (newest first); the list offers no other. */
const NEWEST_FIRST = { column: 'created_at', direction: 'descending' } as const;

/**
 * /manage/system/sms: the text messages the salon sent or kept back, newest first, each with its
 * text as handed to the provider (where "daily SMS limit reached" links, by way of /system/sms);
 * a row opens the message with its provider's id and delivery times.
 */
export function SmsPage() {
  const t = useT();
  useTitle(t('system.sms.title'));
  const [, navigate] = useLocation();
  const [list, change] = useListParams(SMS_LIST);
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const when = useRecordTime(salon.data);
  const sms = $api.useQuery(
    'get',
    '/api/system/sms',
    { params: { query: { page: list.page, limit: list.size } } },
    { placeholderData: keepPreviousData },
  );
  const page = sms.data === undefined ? null : asPage(sms.data);
  const columns: ListColumn<Sms>[] = [
    { id: 'created_at', name: t('system.sms.column.when'), cell: (row) => when(row.created_at) },
    { id: 'to', name: t('system.sms.column.to'), isRowHeader: true, cell: (row) => row.to },
    {
      id: 'status',
      name: t('system.sms.column.status'),
      cell: (row) => `${t(`system.sms.status.${row.status}`)}${row.error ? ` (${row.error})` : ''}`,
    },
    {
      id: 'body',
      name: t('system.sms.column.text'),
      cell: (row) => (row.redacted ? t('system.sms.redacted') : (row.body ?? '')),
    },
  ];
  return (
    <>
      <h1>{t('system.sms.title')}</h1>
      <p>{t('system.sms.intro')}</p>
      <ListTable<Sms>
        label={t('system.sms.title')}
        columns={columns}
        rowKey={(row) => row.id}
        status={page !== null ? 'success' : sms.isError ? 'error' : 'pending'}
        rows={page?.data ?? []}
        total={page?.total ?? 0}
        isRefreshing={sms.isPlaceholderData}
        onRetry={() => void sms.refetch()}
        emptyText={t('system.sms.empty')}
        sort={NEWEST_FIRST}
        onSortChange={() => undefined}
        page={list.page}
        pageSize={list.size}
        pageSizes={PAGE_SIZES}
        onPageChange={(next) => change({ page: next })}
        onPageSizeChange={(size) => change({ size: size as (typeof PAGE_SIZES)[number] })}
        onRowAction={(key) => navigate(smsHref(Number(key)))}
      />
    </>
  );
}
