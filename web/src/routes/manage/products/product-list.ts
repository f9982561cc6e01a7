import { listSchema, param } from '../../../lib/search-params';

/*
 * The products list's state in its address: `/manage/products?q=argan&supplier=3&low=1&page=2`.
 * The service searches, filters, orders and pages; a reload or Back brings the same list back.
 */

export const PAGE_SIZES = [50, 100, 200] as const;

export const PRODUCT_LIST = listSchema({
  sortColumns: ['name'],
  defaultSort: { column: 'name', direction: 'ascending' },
  pageSizes: PAGE_SIZES,
  filters: {
    q: param.text({ maxLength: 200 }),
    supplier: param.integer({ default: 0, min: 0 }),
    category: param.integer({ default: 0, min: 0 }),
    low: param.oneOf(['0', '1'], { default: '1' }),
  },
});

/** The query of GET /api/inventory/products for a list's state. */
export function productsQuery(list: {
  q: string;
  supplier: number;
  category: number;
  low: '0' | '1';
  page: number;
  size: number;
}) {
  const search = list.q.trim();
  return {
    ...(search === '' ? {} : { search }),
    ...(list.supplier > 0 ? { supplier_id: list.supplier } : {}),
    ...(list.category > 0 ? { category_id: list.category } : {}),
    ...(list.low === '1' ? { low_stock_first: true } : {}),
    page: list.page,
    limit: list.size,
  };
}

/** Whether a product is at or below the count at which it should be reordered. */
export function isLow(product: { quantity_on_hand: number; low_stock_threshold: number }): boolean {
  return product.quantity_on_hand <= product.low_stock_threshold;
}
