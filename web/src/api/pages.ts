/*
 * The interface's lists answer a plain array of every row unless a `page` is asked for, and
 * then one page: `{ data, page, limit, total, total_pages }` (limit 50 by default, at most 200).
 * Their answers are typed `X[] | XPage`; a list screen reads them through `asPage` and so
 * handles one shape, whichever it asked for.
 */

/** One page of a list, as the service answers it when asked with `page`. */
export interface Page<T> {
  data: T[];
  page: number;
  limit: number;
  total: number;
  total_pages: number;
}

export function isPage<T>(answer: T[] | Page<T>): answer is Page<T> {
  return !Array.isArray(answer);
}

/** A list's answer as a page: a plain array (no `page` asked) is the whole list on page 1 of 1. */
export function asPage<T>(answer: T[] | Page<T>): Page<T> {
  if (isPage(answer)) return answer;
  return { data: answer, page: 1, limit: answer.length, total: answer.length, total_pages: 1 };
}

/** The service's largest page (a larger `limit` is cut to it). */
export const MAX_PAGE_SIZE = 200;

/**
 * The query parameters that ask for one page (from 1), `limit` rows a page (50 unless given,
 * kept within 1 and the service's largest page).
 */
export function pageQuery(page: number, limit = 50): { page: number; limit: number } {
  return {
    page: Math.max(1, Math.floor(page)),
    limit: Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(limit))),
  };
}
