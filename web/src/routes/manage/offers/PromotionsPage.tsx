import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../../api/client';
import { asPage } from '../../../api/pages';
import { LOCALE_OF, useLanguage, useT } from '../../../i18n/i18n';
import { formatPercent } from '../../../lib/format';
import { useListParams } from '../../../lib/use-search-params';
import { Button } from '../../../ui/Button';
import { ListTable } from '../../../ui/ListTable';
import { useFoldedColumns, type FoldingColumn } from '../narrow-columns';
import { useTitle } from '../../../ui/PageStates';
import { OFFER_LIST, PAGE_SIZES, pageOf, withSearch } from './offer-list';
import { OpenedRecordState } from './OpenedRecord';
import { promotionState } from './promotion-state';
import { PromotionFormDialog } from './PromotionForm';
import { useDayText, useSalon } from './salon';

type Promotion = Schemas['Promotion'];

/**
 * /manage/offers/promotions: discount codes typed at the till, newest first, each with its
 * state today (active, scheduled, expired, used up, switched off), its days and how often it
 * was used. A row opens the code's form.
 */
export function PromotionsPage({ id }: { id?: number }) {
  const t = useT();
  useTitle(t('manage.offers.promotions.title'));
  const { language } = useLanguage();
  const [list, change] = useListParams(OFFER_LIST);
  const promotions = $api.useQuery(
    'get',
    '/api/promotions',
    { params: { query: pageOf(list) } },
    { placeholderData: keepPreviousData },
  );
  const { money, today } = useSalon();
  const day = useDayText();
  const page = promotions.data === undefined ? null : asPage(promotions.data);
  const [creating, setCreating] = useState(false);
  // The one edited is in the address (/manage/offers/promotions/7) and read by its id, so the link
  // opens the same form after a reload or from elsewhere; closing it returns to the list's page.
  const search = useSearch();
  const [, navigate] = useLocation();
  const opened = $api.useQuery(
    'get',
    '/api/promotions/{id}',
    { params: { path: { id: id ?? 0 } } },
    { enabled: id !== undefined, retry: false },
  );
  const edited = id === undefined ? undefined : opened.data;

  const allColumns = useMemo<FoldingColumn<Promotion>[]>(
    () => [
      { id: 'code', name: t('manage.offers.promotions.code'), isRowHeader: true, cell: (item) => item.code },
      { id: 'name', wide: true, name: t('manage.offers.promotions.name'), cell: (item) => item.name },
      {
        id: 'discount',
        name: t('manage.offers.promotions.discount'),
        cell: (item) =>
          item.discount_type === 'percentage'
            ? formatPercent(item.discount_value, LOCALE_OF[language])
            : money(item.discount_value),
      },
      {
        id: 'days',
        wide: true,
        name: t('manage.offers.promotions.days'),
        cell: (item) =>
          t('manage.offers.promotions.period', {
            from: item.valid_from ? day(item.valid_from) : '…',
            to: item.valid_to ? day(item.valid_to) : '…',
          }),
      },
      {
        id: 'used',
        wide: true,
        name: t('manage.offers.promotions.used'),
        cell: (item) =>
          item.usage_limit === null
            ? String(item.times_used)
            : t('manage.offers.promotions.usedOf', { used: item.times_used, limit: item.usage_limit }),
      },
      {
        id: 'state',
        name: t('manage.offers.state'),
        cell: (item) => (today ? t(`manage.offers.promotions.state.${promotionState(item, today)}`) : ''),
      },
    ],
    [t, money, day, today, language],
  );
  const columns = useFoldedColumns(allColumns);

  return (
    <>
      <div className="offers-heading">
        <h1>{t('manage.offers.promotions.title')}</h1>
        <Button onPress={() => setCreating(true)}>{t('manage.offers.promotions.new')}</Button>
      </div>
      <p className="offers-intro">{t('manage.offers.promotions.intro')}</p>
      <PromotionFormDialog
        isOpen={creating || edited !== undefined}
        onOpenChange={(open) => {
          if (open) return;
          setCreating(false);
          if (id !== undefined) navigate(withSearch(officeHref.managePromotions(), search));
        }}
        item={creating ? undefined : edited}
      />
      {id !== undefined && <OpenedRecordState query={opened} missing={t('manage.offers.promotions.missing')} />}
      <ListTable<Promotion>
        label={t('manage.offers.promotions.title')}
        columns={columns}
        rowKey={(item) => item.id}
        status={page !== null ? 'success' : promotions.isError ? 'error' : 'pending'}
        rows={page?.data ?? []}
        total={page?.total ?? 0}
        isRefreshing={promotions.isPlaceholderData}
        onRetry={() => void promotions.refetch()}
        emptyText={t('manage.offers.promotions.empty')}
        sort={list.sort}
        onSortChange={() => undefined}
        page={list.page}
        pageSize={list.size}
        pageSizes={PAGE_SIZES}
        onPageChange={(next) => change({ page: next })}
        onPageSizeChange={(size) => change({ size })}
        onRowAction={(key) => navigate(withSearch(officeHref.managePromotion(Number(key)), search))}
      />
    </>
  );
}
