import { listSchema } from '../../../lib/search-params';

/*
 * The state of each offers list in its address (`?page=2&size=50`): a reload and Back bring
 * the same page. The service lists packages by name and promotions and gift cards newest
 * first, and sorts nothing else, so the lists have no sortable columns.
 */

export const PAGE_SIZES = [25, 50, 100] as const;

export const OFFER_LIST = listSchema({
  sortColumns: ['default'],
  defaultSort: { column: 'default', direction: 'ascending' },
  pageSizes: PAGE_SIZES,
  filters: {},
});

/** The query of a paged list: `page` makes the service answer one page with its total. */
export function pageOf(list: { page: number; size: number }) {
  return { page: list.page, limit: list.size };
}

/** An address with the list's state kept (`?page=2`), so closing a record opened from page 2 returns there. */
export function withSearch(href: string, search: string): string {
  return search === '' ? href : `${href}?${search}`;
}
