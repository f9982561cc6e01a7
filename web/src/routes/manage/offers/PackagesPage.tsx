import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { $api, type Schemas } from '../../../api/client';
import { asPage } from '../../../api/pages';
import { useT } from '../../../i18n/i18n';
import { useListParams } from '../../../lib/use-search-params';
import { Button } from '../../../ui/Button';
import { ListTable } from '../../../ui/ListTable';
import { useFoldedColumns, type FoldingColumn } from '../narrow-columns';
import { useTitle } from '../../../ui/PageStates';
import { OFFER_LIST, PAGE_SIZES, pageOf } from './offer-list';
import { PackageFormDialog } from './PackageForm';
import { useSalon } from './salon';

type Package = Schemas['Package'];

/**
 * /manage/offers/packages: prepaid bundles of services (five blow-drys for the price of four),
 * sold at the till. A row opens the package's form; a package never sold can be deleted there,
 * a sold one only deactivated (its credits stay with the clients who bought it).
 */
export function PackagesPage() {
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
  const [editing, setEditing] = useState<Package | 'new' | null>(null);

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
        <Button onPress={() => setEditing('new')}>{t('manage.offers.packages.new')}</Button>
      </div>
      <p className="offers-intro">{t('manage.offers.packages.intro')}</p>
      <PackageFormDialog
        isOpen={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        item={editing === 'new' || editing === null ? undefined : editing}
      />
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
        onRowAction={(key) => setEditing(page?.data.find((item) => item.id === Number(key)) ?? null)}
      />
    </>
  );
}
