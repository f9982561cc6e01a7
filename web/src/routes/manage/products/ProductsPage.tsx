import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../../api/client';
import { asPage } from '../../../api/pages';
import { useT } from '../../../i18n/i18n';
import { useListParams } from '../../../lib/use-search-params';
import { Button } from '../../../ui/Button';
import { ListTable, type ListColumn } from '../../../ui/ListTable';
import { useTitle } from '../../../ui/PageStates';
import { useMoney } from '../../../ui/RecordPage';
import { TextField } from '../../../ui/TextField';
import { useNarrow } from '../narrow';
import { useCategories, useSuppliers } from '../stock-data';
import { useTypedSearch } from '../use-typed-search';
import { isLow, PAGE_SIZES, PRODUCT_LIST, productsQuery } from './product-list';
import { ProductFormDialog } from './ProductForm';

type Product = Schemas['Product'];

/**
 * /manage/products: the salon's products, searched by name, SKU, EAN or article number (a
 * barcode scanner's code and Enter find the product), filtered by supplier and category, the
 * ones to reorder first. The service searches, filters and pages; a page of hundreds of rows is
 * virtualised, so scrolling and typing stay smooth with thousands of products.
 */
export function ProductsPage() {
  const t = useT();
  useTitle(t('manage.products.title'));
  const [list, change] = useListParams(PRODUCT_LIST);
  const [, navigate] = useLocation();
  const writeSearch = useCallback((q: string) => change({ q }), [change]);
  const products = $api.useQuery(
    'get',
    '/api/inventory/products',
    { params: { query: productsQuery(list) } },
    { placeholderData: keepPreviousData },
  );
  const page = products.data === undefined ? null : asPage(products.data);
  const columns = useColumns();
  const search = list.q.trim();
  const [creating, setCreating] = useState(false);
  const categories = useCategories();
  const suppliers = useSuppliers();
  const supplierId = useId();
  const categoryId = useId();
  const lowId = useId();

  return (
    <>
      <div className="stock-heading">
        <h1>{t('manage.products.title')}</h1>
        <Link href={officeHref.manageProductCategories()}>{t('manage.products.categories.link')}</Link>
        <Button onPress={() => setCreating(true)}>{t('manage.products.new')}</Button>
      </div>
      <ProductFormDialog
        isOpen={creating}
        onOpenChange={setCreating}
        onSaved={(product) => navigate(officeHref.manageProduct(product.id))}
      />
      <div role="search" className="stock-filters">
        <SearchBox inAddress={list.q} write={writeSearch} />
        <div className="field">
          <label htmlFor={supplierId}>{t('manage.products.filter.supplier')}</label>
          <select
            id={supplierId}
            value={list.supplier}
            onChange={(event) => change({ supplier: Number(event.target.value) })}
          >
            <option value={0}>{t('manage.products.filter.anySupplier')}</option>
            {suppliers.rows.map((supplier) => (
              <option key={supplier.id} value={supplier.id}>
                {supplier.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={categoryId}>{t('manage.products.filter.category')}</label>
          <select
            id={categoryId}
            value={list.category}
            onChange={(event) => change({ category: Number(event.target.value) })}
          >
            <option value={0}>{t('manage.products.filter.anyCategory')}</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div className="stock-check">
          <input
            id={lowId}
            type="checkbox"
            checked={list.low === '1'}
            onChange={(event) => change({ low: event.target.checked ? '1' : '0' })}
          />
          <label htmlFor={lowId}>{t('manage.products.filter.lowFirst')}</label>
        </div>
      </div>
      <p role="status" className="stock-count">
        {page === null || products.isPlaceholderData
          ? ''
          : search === ''
            ? t('manage.products.count.all', { total: page.total })
            : t('manage.products.count.found', { total: page.total, search })}
      </p>
      <ListTable<Product>
        label={t('manage.products.table')}
        columns={columns}
        rowKey={(product) => product.id}
        status={page !== null ? 'success' : products.isError ? 'error' : 'pending'}
        rows={page?.data ?? []}
        total={page?.total ?? 0}
        isRefreshing={products.isPlaceholderData}
        onRetry={() => void products.refetch()}
        emptyText={search === '' ? t('manage.products.empty.none') : t('manage.products.empty.search', { search })}
        sort={list.sort}
        onSortChange={() => undefined}
        page={list.page}
        pageSize={list.size}
        pageSizes={PAGE_SIZES}
        onPageChange={(next) => change({ page: next })}
        onPageSizeChange={(size) => change({ size })}
        onRowAction={(key) => navigate(officeHref.manageProduct(Number(key)))}
      />
    </>
  );
}

/**
 * The search box, a component of its own: a keystroke re-renders the box only, not the page's
 * table of up to 200 rows, which changes once the search is sent.
 */
function SearchBox({ inAddress, write }: { inAddress: string; write: (q: string) => void }) {
  const t = useT();
  const typed = useTypedSearch(inAddress, write);
  return (
    <TextField
      label={t('manage.products.search.label')}
      description={t('manage.products.search.help')}
      type="search"
      value={typed.value}
      onChange={typed.set}
      onKeyDown={(event) => {
        if (event.key === 'Enter') typed.flush();
      }}
      maxLength={200}
      autoComplete="off"
    />
  );
}

/** The list's columns; on a phone the name and the stock only, so a row fits without scrolling sideways. */
function useColumns(): ListColumn<Product>[] {
  const t = useT();
  const narrow = useNarrow();
  const info = $api.useQuery('get', '/api/public/salon-info');
  const money = useMoney(info.data?.currency);
  return useMemo(() => {
    const all: (ListColumn<Product> & { wide?: boolean })[] = [
      { id: 'name', name: t('manage.products.field.name'), isRowHeader: true, cell: (product) => product.name },
      {
        id: 'stock',
        name: t('manage.products.field.stock'),
        cell: (product) =>
          isLow(product) ? (
            <span className="stock-low">
              {product.quantity_on_hand} <span className="stock-low-tag">{t('manage.products.low')}</span>
            </span>
          ) : (
            product.quantity_on_hand
          ),
      },
      {
        id: 'article',
        name: t('manage.products.field.article'),
        wide: true,
        cell: (product) => product.article_number,
      },
      { id: 'ean', name: t('manage.products.field.ean'), wide: true, cell: (product) => product.ean_code },
      {
        id: 'category',
        name: t('manage.products.field.category'),
        wide: true,
        cell: (product) => product.category_name ?? '',
      },
      {
        id: 'supplier',
        name: t('manage.products.field.supplier'),
        wide: true,
        cell: (product) => product.supplier_name ?? '',
      },
      { id: 'price', name: t('manage.products.field.price'), wide: true, cell: (product) => money(product.price) },
    ];
    return all.filter((column) => !(narrow && column.wide));
  }, [t, narrow, money]);
}
