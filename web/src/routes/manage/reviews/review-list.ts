import { param } from '../../../lib/search-params';

/** The list's page sizes; the first is the default. */
export const PAGE_SIZES = [20, 50, 100] as const;

/** Which reviews the list shows: all, the ones on the booking page, or the hidden ones (held for approval too). */
export const STATES = ['all', 'published', 'hidden'] as const;
export type ReviewState = (typeof STATES)[number];

/** The ratings a filter may pick, '' for every rating. */
export const RATINGS = ['', '1', '2', '3', '4', '5'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day typed in a date field (YYYY-MM-DD), '' for none: anything else in an address reads as none. */
const day = () => ({ ...param.text({ maxLength: 10 }), read: (text: string) => (DAY.test(text) ? text : '') });

/** The list's filters and page, kept in the address so a filtered list can be linked and reloaded. */
export const REVIEW_LIST = {
  state: param.oneOf(STATES, { default: 'all' }),
  rating: param.oneOf(RATINGS, { default: '' }),
  from: day(),
  to: day(),
  size: param.oneOf(PAGE_SIZES, { default: PAGE_SIZES[0] }),
  page: param.integer({ default: 1, min: 1, history: 'push' }),
};

/** The API's query for the list's state: only the filters set, `published` as the service spells it. */
export function reviewQuery(list: {
  state: ReviewState;
  rating: string;
  from: string;
  to: string;
  page: number;
  size: number;
}) {
  return {
    page: list.page,
    limit: list.size,
    ...(list.state === 'all' ? {} : { published: list.state === 'published' ? 1 : 0 }),
    ...(list.rating === '' ? {} : { rating: Number(list.rating) }),
    ...(list.from === '' ? {} : { from: list.from }),
    ...(list.to === '' ? {} : { to: list.to }),
  };
}
