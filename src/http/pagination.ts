import type { SelectQueryBuilder } from 'kysely';
import { Type } from 'typebox';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
/**
 * The largest `page` and `limit` a client may send, the database's integer range: far beyond
 * any real list, and small enough that `(page - 1) * limit` stays an exact number that every
 * engine takes as an OFFSET (a larger one overflowed SQLite's and PostgreSQL's 64-bit
 * integers). `limit` above MAX_LIMIT is still capped rather than refused.
 */
export const MAX_PAGE_PARAMETER = 2_147_483_647;

/** The query parameters of every paginated list. */
export const PageQuery = {
  page: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PAGE_PARAMETER,
      description: 'Activates pagination: the page to return, from 1',
    }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PAGE_PARAMETER,
      description: `Items per page; default ${DEFAULT_LIMIT}, capped at ${MAX_LIMIT}`,
    }),
  ),
};

export interface PageRequest {
  page?: number | undefined;
  limit?: number | undefined;
}

export interface Page<T> {
  data: T[];
  page: number;
  limit: number;
  total: number;
  total_pages: number;
}

/**
 * Runs a list query: without `page`, every row as a plain array; with `page`, one page plus
 * the total. `query` must already carry its deterministic order; `count` is the same query's
 * filters with a count.
 *
 * `count: 'when-needed'` reads the page first and counts only when the page does not tell it: a
 * short page holds every match from its offset on, so the total is known. For a list whose count
 * costs as much as its page, where many requests find a few rows (the client list by a label),
 * at the price of the two queries running one after the other instead of side by side. A list
 * that reads every match to order its page (a search) counts in the same statement instead:
 * paginateCounted.
 */
export async function paginate<DB, TB extends keyof DB, Row, Out>(
  query: SelectQueryBuilder<DB, TB, Row>,
  count: () => Promise<number>,
  request: PageRequest,
  map: (row: Row) => Out,
  options: { count?: 'always' | 'when-needed' } = {},
): Promise<Out[] | Page<Out>> {
  if (request.page === undefined) {
    return (await query.execute()).map(map);
  }
  const limit = Math.min(request.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const page = request.page;
  const offset = (page - 1) * limit;
  const pageRows = () => query.limit(limit).offset(offset).execute();
  let rows: Row[];
  let total: number;
  if (options.count === 'when-needed') {
    rows = await pageRows();
    // Past the first page a short page holds the rest, but an empty one says nothing of how many came before.
    const known = rows.length < limit && (page === 1 || rows.length > 0);
    total = known ? offset + rows.length : await count();
  } else {
    [rows, total] = await Promise.all([pageRows(), count()]);
  }
  return { data: rows.map(map), page, limit, total, total_pages: Math.ceil(total / limit) };
}

/**
 * One page of a list whose page statement also counts every row the list holds: `readPage`
 * reads `limit` rows from `offset` on, each carrying the list's total (counted in the same
 * statement as the page, e.g. over a materialized table of the matches), so the rows the list
 * filters are read once for both where
 * paginate's page and count each read them. For a list that reads every match anyway to order
 * its page (a contains-search, which no index orders). A page past the last row has no row to
 * carry the total; only then does `count` run.
 */
export async function paginateCounted<Row, Out>(
  readPage: (limit: number, offset: number) => Promise<Row[]>,
  totalOf: (row: Row) => number | string | bigint,
  count: () => Promise<number>,
  request: PageRequest & { page: number },
  map: (row: Row) => Out,
): Promise<Page<Out>> {
  const limit = Math.min(request.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const page = request.page;
  const rows = await readPage(limit, (page - 1) * limit);
  // PostgreSQL's count is a bigint, which its driver hands over as a string.
  const total = rows.length > 0 ? Number(totalOf(rows[0]!)) : page === 1 ? 0 : await count();
  return { data: rows.map(map), page, limit, total, total_pages: Math.ceil(total / limit) };
}
