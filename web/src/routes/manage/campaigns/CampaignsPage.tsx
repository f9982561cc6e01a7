import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../../api/client';
import { asPage } from '../../../api/pages';
import { useT } from '../../../i18n/i18n';
import { listSchema } from '../../../lib/search-params';
import { useListParams } from '../../../lib/use-search-params';
import { Button } from '../../../ui/Button';
import { ListTable } from '../../../ui/ListTable';
import { useTitle } from '../../../ui/PageStates';
import { useRecordTime } from '../../../ui/RecordPage';
import { useFoldedColumns, type FoldingColumn } from '../narrow-columns';
import { Library } from './Library';
import { NewCampaignDialog } from './NewCampaignDialog';

type Campaign = Schemas['Campaign'];

const PAGE_SIZES = [25, 50, 100] as const;
/** The list's page in its address (`?page=2&size=50`); the service lists campaigns newest first and sorts nothing else. */
const CAMPAIGN_LIST = listSchema({
  sortColumns: ['default'],
  defaultSort: { column: 'default', direction: 'descending' },
  pageSizes: PAGE_SIZES,
  filters: {},
});

/**
 * /manage/campaigns: every campaign, newest first, with its state and how its send went (sent,
 * failed, unsubscribed); a new one (blank or from a template); the saved templates and
 * segments; the way to the automations and follow-ups.
 */
export function CampaignsPage() {
  const t = useT();
  useTitle(t('manage.campaigns.title'));
  const [, navigate] = useLocation();
  const [list, change] = useListParams(CAMPAIGN_LIST);
  const campaigns = $api.useQuery(
    'get',
    '/api/campaigns',
    { params: { query: { page: list.page, limit: list.size } } },
    { placeholderData: keepPreviousData },
  );
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const when = useRecordTime(salon.data);
  const page = campaigns.data === undefined ? null : asPage(campaigns.data);
  const [creating, setCreating] = useState(false);

  const allColumns = useMemo<FoldingColumn<Campaign>[]>(
    () => [
      { id: 'name', name: t('manage.campaigns.name'), isRowHeader: true, cell: (c) => c.name },
      { id: 'status', name: t('manage.campaigns.state'), cell: (c) => t(`campaigns.status.${c.status}`) },
      {
        id: 'sent',
        name: t('campaigns.campaign.sent'),
        cell: (c) => (c.status === 'draft' ? '' : String(c.sent_count)),
      },
      {
        id: 'failed',
        wide: true,
        name: t('campaigns.campaign.failed'),
        cell: (c) => (c.status === 'draft' ? '' : String(c.failed_count)),
      },
      {
        id: 'skipped',
        wide: true,
        name: t('manage.campaigns.unsubscribed'),
        cell: (c) => (c.status === 'draft' ? '' : String(c.skipped_count)),
      },
      { id: 'when', wide: true, name: t('manage.campaigns.when'), cell: (c) => when(c.started_at ?? c.created_at) },
    ],
    [t, when],
  );
  const columns = useFoldedColumns(allColumns);

  return (
    <div className="manage-campaigns">
      <p className="manage-back">
        <Link href={officeHref.manage()}>{t('manage.services.back')}</Link>
      </p>
      <div className="campaigns-heading">
        <h1>{t('manage.campaigns.title')}</h1>
        <Button onPress={() => setCreating(true)}>{t('manage.campaigns.new')}</Button>
      </div>
      <p className="campaigns-intro">
        <Link href={officeHref.manageCampaignAutomations()}>{t('manage.campaigns.automations.link')}</Link>
      </p>
      <NewCampaignDialog isOpen={creating} onOpenChange={setCreating} />
      <ListTable<Campaign>
        label={t('manage.campaigns.title')}
        columns={columns}
        rowKey={(c) => c.id}
        status={page !== null ? 'success' : campaigns.isError ? 'error' : 'pending'}
        rows={page?.data ?? []}
        total={page?.total ?? 0}
        isRefreshing={campaigns.isPlaceholderData}
        onRetry={() => void campaigns.refetch()}
        emptyText={t('manage.campaigns.empty')}
        sort={list.sort}
        onSortChange={() => undefined}
        page={list.page}
        pageSize={list.size}
        pageSizes={PAGE_SIZES}
        onPageChange={(next) => change({ page: next })}
        onPageSizeChange={(size) => change({ size })}
        onRowAction={(key) => navigate(officeHref.manageCampaign(Number(key)))}
      />
      <Library />
    </div>
  );
}
