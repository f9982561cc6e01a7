import { keepPreviousData } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../../api/client';
import { asPage } from '../../../api/pages';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';
import { ListTable, type ListColumn } from '../../../ui/ListTable';
import { useTitle } from '../../../ui/PageStates';
import { useMoney } from '../../../ui/RecordPage';
import { useNarrow } from '../narrow';
import { ORDER_STATUSES, type OrderStatus } from './order-status';
import { PackingSlipsZip } from './PackingSlipsZip';
import { SupplierFormDialog } from './SupplierForm';

type Supplier = Schemas['Supplier'];
type OrderSummary = Schemas['PurchaseOrderSummary'];

const PAGE_SIZES = [25, 50, 100] as const;

/**
 * /manage/suppliers: the suppliers (active or not, creditor number, contact) and the purchase
 * orders, newest first and filtered by status, with the year's packing slips as one ZIP.
 */
export function SuppliersPage() {
  const t = useT();
  useTitle(t('manage.suppliers.title'));
  const [, navigate] = useLocation();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <div className="stock-heading">
        <h1>{t('manage.suppliers.title')}</h1>
        <Button onPress={() => setCreating(true)}>{t('manage.suppliers.new')}</Button>
      </div>
      <SupplierFormDialog
        isOpen={creating}
        onOpenChange={setCreating}
        onSaved={(supplier) => navigate(officeHref.manageSupplier(supplier.id))}
      />
      <SupplierList />
      <OrderList />
      <PackingSlipsZip />
    </>
  );
}

function SupplierList() {
  const t = useT();
  const [, navigate] = useLocation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const suppliers = $api.useQuery(
    'get',
    '/api/suppliers',
    { params: { query: { page, limit: size } } },
    { placeholderData: keepPreviousData },
  );
  const result = suppliers.data === undefined ? null : asPage(suppliers.data);
  const narrow = useNarrow();
  // On a phone the name and the creditor number only.
  const columns = useMemo<ListColumn<Supplier>[]>(() => {
    const all: (ListColumn<Supplier> & { wide?: boolean })[] = [
      { id: 'name', name: t('manage.suppliers.field.name'), isRowHeader: true, cell: (row) => row.name },
      { id: 'creditor', name: t('manage.suppliers.field.creditor'), cell: (row) => row.creditor_number },
      { id: 'contact', name: t('manage.suppliers.field.contact'), wide: true, cell: (row) => row.contact_person },
      {
        id: 'active',
        name: t('manage.suppliers.field.active'),
        wide: true,
        cell: (row) => (row.active === 1 ? t('manage.suppliers.active.yes') : t('manage.suppliers.active.no')),
      },
    ];
    return all.filter((column) => !(narrow && column.wide));
  }, [t, narrow]);
  return (
    <section className="record-section" aria-labelledby="suppliers-list">
      <h2 id="suppliers-list">{t('manage.suppliers.list.heading')}</h2>
      <ListTable<Supplier>
        label={t('manage.suppliers.list.heading')}
        columns={columns}
        rowKey={(row) => row.id}
        status={result !== null ? 'success' : suppliers.isError ? 'error' : 'pending'}
        rows={result?.data ?? []}
        total={result?.total ?? 0}
        isRefreshing={suppliers.isPlaceholderData}
        onRetry={() => void suppliers.refetch()}
        emptyText={t('manage.suppliers.list.empty')}
        sort={{ column: 'name', direction: 'ascending' }}
        onSortChange={() => undefined}
        page={page}
        pageSize={size}
        pageSizes={PAGE_SIZES}
        onPageChange={setPage}
        onPageSizeChange={(next) => {
          setSize(next);
          setPage(1);
        }}
        onRowAction={(key) => navigate(officeHref.manageSupplier(Number(key)))}
      />
    </section>
  );
}

function OrderList() {
  const t = useT();
  const [, navigate] = useLocation();
  const statusId = useId();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const orders = $api.useQuery(
    'get',
    '/api/suppliers/orders',
    { params: { query: { page, limit: size, ...(status === '' ? {} : { status }) } } },
    { placeholderData: keepPreviousData },
  );
  const result = orders.data === undefined ? null : asPage(orders.data);
  const columns = useOrderColumns();
  return (
    <section className="record-section" aria-labelledby="orders-list">
      <h2 id="orders-list">{t('manage.suppliers.orders.heading')}</h2>
      <div className="stock-filters">
        <div className="field">
          <label htmlFor={statusId}>{t('manage.suppliers.orders.statusFilter')}</label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => {
              setStatus(ORDER_STATUSES.find((value) => value === event.target.value) ?? '');
              setPage(1);
            }}
          >
            <option value="">{t('manage.suppliers.orders.anyStatus')}</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t('manage.suppliers.status', { status: value })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ListTable<OrderSummary>
        label={t('manage.suppliers.orders.heading')}
        columns={columns}
        rowKey={(row) => row.id}
        status={result !== null ? 'success' : orders.isError ? 'error' : 'pending'}
        rows={result?.data ?? []}
        total={result?.total ?? 0}
        isRefreshing={orders.isPlaceholderData}
        onRetry={() => void orders.refetch()}
        emptyText={t('manage.suppliers.orders.empty')}
        sort={{ column: 'number', direction: 'descending' }}
        onSortChange={() => undefined}
        page={page}
        pageSize={size}
        pageSizes={PAGE_SIZES}
        onPageChange={setPage}
        onPageSizeChange={(next) => {
          setSize(next);
          setPage(1);
        }}
        onRowAction={(key) => navigate(officeHref.managePurchaseOrder(Number(key)))}
      />
    </section>
  );
}

/** The columns of a list of purchase orders (here and on a supplier's card). */
export function useOrderColumns(): ListColumn<OrderSummary>[] {
  const t = useT();
  const narrow = useNarrow();
  const info = $api.useQuery('get', '/api/public/salon-info');
  const money = useMoney(info.data?.currency);
  // On a phone the number, the status and the total only.
  return useMemo(() => {
    const all: (ListColumn<OrderSummary> & { wide?: boolean })[] = [
      { id: 'number', name: t('manage.suppliers.order.number'), isRowHeader: true, cell: (row) => row.order_number },
      { id: 'supplier', name: t('manage.suppliers.order.supplier'), wide: true, cell: (row) => row.supplier_name },
      {
        id: 'status',
        name: t('manage.suppliers.order.status'),
        cell: (row) => t('manage.suppliers.status', { status: row.status }),
      },
      { id: 'date', name: t('manage.suppliers.order.date'), wide: true, cell: (row) => row.order_date },
      { id: 'total', name: t('manage.suppliers.order.total'), cell: (row) => money(row.total_cost) },
    ];
    return all.filter((column) => !(narrow && column.wide));
  }, [t, money, narrow]);
}
