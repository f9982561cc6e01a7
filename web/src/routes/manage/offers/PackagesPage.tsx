import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../../api/client';
import { asPage } from '../../../api/pages';
import { useT } from '../../../i18n/i18n';
import { useListParams } from '../../../lib/use-search-params';
import { Button } from '../../../ui/Button';
import { ListTable } from '../../../ui/ListTable';
import { useFoldedColumns, type FoldingColumn } from '../narrow-columns';
import { useTitle } from '../../../ui/PageStates';
import { OFFER_LIST, PAGE_SIZES, pageOf, withSearch } from './offer-list';
import { OpenedRecordState } from './OpenedRecord';
import { PackageFormDialog } from './PackageForm';
import { useSalon } from './salon';

type Package = Schemas['Package'];

/**
 * /manage/offers/packages: prepaid bundles of services (five blow-drys for the price of four),
 * sold at the till. A row opens the package's form; a package never sold can be deleted there,
 * a sold one only deactivated (its credits stay with the clients who bought it).
 */
export function PackagesPage({ id }: { id?: number }) {
  const t = useT();
  useTitle(t('manage.offers.packages.title'));
  const [list, change] = useListParams(OFFER_LIST);
  const packages = $api.useQuery(
    'get',
    '/api/packages',
    { params: { query: pageOf(list) } },
    { placeholderData: keepPreviousData },
  );
  const { money } = useSalon();
  const page = packages.data === undefined ? null : asPage(packages.data);
  const [creating, setCreating] = useState(false);
  // The one edited is in the address (/manage/offers/packages/7) and read by its id, so the link
  // opens the same form after a reload or from elsewhere; closing it returns to the list's page.
  const search = useSearch();
  const [, navigate] = useLocation();
  const opened = $api.useQuery(
    'get',
    '/api/packages/{id}',
    { params: { path: { id: id ?? 0 } } },
    { enabled: id !== undefined, retry: false },
  );
  const edited = id === undefined ? undefined : opened.data;

  const allColumns = useMemo<FoldingColumn<Package>[]>(
    () => [
      { id: 'name', name: t('manage.offers.packages.name'), isRowHeader: true, cell: (item) => item.name },
      {
        id: 'services',
        wide: true,
        name: t('manage.offers.packages.services'),
        cell: (item) => item.services.map((s) => `${s.quantity} × ${s.service_name}`).join(', '),
      },
      { id: 'price', name: t('manage.offers.packages.price'), cell: (item) => money(item.price) },
      {
        id: 'valid',
        wide: true,
        name: t('manage.offers.packages.validity'),
        cell: (item) =>
          item.valid_days === null
            ? t('manage.offers.packages.noExpiry')
            : t('manage.offers.packages.days', { count: item.valid_days }),
      },
      {
        id: 'active',
        name: t('manage.offers.state'),
        cell: (item) => (item.active ? t('manage.offers.active') : t('manage.offers.inactive')),
      },
    ],
    [t, money],
  );
  const columns = useFoldedColumns(allColumns);

  return (
    <>
      <div className="offers-heading">
        <h1>{t('manage.offers.packages.title')}</h1>
        <Button onPress={() => setCreating(true)}>{t('manage.offers.packages.new')}</Button>
      </div>
      <p className="offers-intro">{t('manage.offers.packages.intro')}</p>
      <PackageFormDialog
        isOpen={creating || edited !== undefined}
        onOpenChange={(open) => {
          if (open) return;
          setCreating(false);
          if (id !== undefined) navigate(withSearch(officeHref.managePackages(), search));
        }}
        item={creating ? undefined : edited}
      />
      {id !== undefined && <OpenedRecordState query={opened} missing={t('manage.offers.packages.missing')} />}
      <ListTable<Package>
        label={t('manage.offers.packages.title')}
        columns={columns}
        rowKey={(item) => item.id}
        status={page !== null ? 'success' : packages.isError ? 'error' : 'pending'}
        rows={page?.data ?? []}
        total={page?.total ?? 0}
        isRefreshing={packages.isPlaceholderData}
        onRetry={() => void packages.refetch()}
        emptyText={t('manage.offers.packages.empty')}
        sort={list.sort}
        onSortChange={() => undefined}
        page={list.page}
        pageSize={list.size}
        pageSizes={PAGE_SIZES}
        onPageChange={(next) => change({ page: next })}
        onPageSizeChange={(size) => change({ size })}
        onRowAction={(key) => navigate(withSearch(officeHref.managePackage(Number(key)), search))}
      />
    </>
  );
}
