import type { SelectQueryBuilder } from 'kysely';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

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
 * Runs a list query the way CONTRACT.md lays out: without `page`, every row as a plain array;
 * with `page`, one page plus the total. `query` must already carry its deterministic order;
 * `count` is the same query's filters with a count.
 */

export async function paginate<DB, TB extends keyof DB, Row, Out>(
  query: SelectQueryBuilder<DB, TB, Row>,
  count: () => Promise<number>,
  request: PageRequest,
  map: (row: Row) => Out,
): Promise<Out[] | Page<Out>> {
  if (request.page === undefined) {
    return (await query.execute()).map(map);
  }
  const limit = Math.min(request.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const page = request.page;
  const [rows, total] = await Promise.all([
    query
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    count(),
  ]);
  return { data: rows.map(map), page, limit, total, total_pages: Math.ceil(total / limit) };
}
