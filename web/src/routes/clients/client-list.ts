import { listSchema, param, type Sort } from '../../lib/search-params';

/*
 * The clients list's state in its address: `/clients?q=jan&sort=-created_at&size=50&page=3`.
 * A reload, Back and the card's "Back to the clients" bring the same list back.
 */

export const SORT_COLUMNS = ['name', 'created_at'] as const;
export type ClientSortColumn = (typeof SORT_COLUMNS)[number];

export const PAGE_SIZES = [25, 50, 100] as const;

export const CLIENT_LIST = listSchema({
  sortColumns: SORT_COLUMNS,
  defaultSort: { column: 'name', direction: 'ascending' },
  pageSizes: PAGE_SIZES,
  filters: { q: param.text({ maxLength: 200 }) },
});

/** The query of GET /api/clients for a list's state: the service searches, sorts and pages. */
export function clientsQuery(list: { q: string; sort: Sort<ClientSortColumn>; page: number; size: number }) {
  const search = list.q.trim();
  return {
    ...(search === '' ? {} : { search }),
    sort: list.sort.column,
    order: list.sort.direction === 'descending' ? ('desc' as const) : ('asc' as const),
    page: list.page,
    limit: list.size,
  };
}

/**
 * The history entry's note of the list a card was opened from (its query, `?q=…`), so the card's
 * way back returns to the same search, sort and page even after a reload of the card.
 */
export interface FromList {
  clientsList: string;
}

export function listQueryOf(state: unknown): string {
  const from = (state as Partial<FromList> | null)?.clientsList;
  return typeof from === 'string' && (from === '' || from.startsWith('?')) ? from : '';
}
