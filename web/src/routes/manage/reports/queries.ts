import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { $api } from '../../../api/client';
import { readParams } from '../../../lib/search-params';
import { periodOf, RANGE_SCHEMA, seriesAsk, type Period } from './range';

/*
 * Each report's request, made in one place: the screens read their figures with these, and the
 * office's start (`prefetchReportOf`, app/office-start.ts) asks for the same ones as soon as the
 * session is known, before the reports' chunk has run. The very same options give the very same
 * key, so the screen finds the answer (or the request on its way) in the cache instead of asking
 * again. This file is in the office's first load: it must not import a screen (the charts).
 */

export const reportQueries = {
  dashboard: () => $api.queryOptions('get', '/api/reporting/dashboard'),
  heatmap: () => $api.queryOptions('get', '/api/reporting/heatmap'),
  forecast: () => $api.queryOptions('get', '/api/reporting/forecast', { params: { query: { days: 30 } } }),
  revenue: (period: Period) =>
    $api.queryOptions('get', '/api/reporting/sales-series', { params: { query: seriesAsk(period) } }),
  items: (period: Period) => $api.queryOptions('get', '/api/reporting/item-breakdown', { params: { query: period } }),
  staff: (period: Period) =>
    $api.queryOptions('get', '/api/reporting/staff-performance', { params: { query: period } }),
  retention: (period: Period) => $api.queryOptions('get', '/api/reporting/retention', { params: { query: period } }),
  bookings: (period: Period) => $api.queryOptions('get', '/api/reporting/booking-count', { params: { query: period } }),
  promotions: (period: Period) => $api.queryOptions('get', '/api/reporting/promotions', { params: { query: period } }),
  'gift-cards': (period: Period) =>
    $api.queryOptions('get', '/api/reporting/gift-cards', { params: { query: period } }),
  vat: (period: Period) => $api.queryOptions('get', '/api/reporting/vat', { params: { query: period } }),
};

type Prefetch = (client: QueryClient, period: Period) => Promise<void>;

/** Asks a report's request into a query client (each its own type, hence one per report below). */
function prefetchOf<Data, Failure, Key extends QueryKey>(
  ask: (period: Period) => FetchQueryOptions<Data, Failure, Data, Key>,
): Prefetch {
  return (client, period) => client.prefetchQuery(ask(period));
}

/** Every report of `reportQueries`, none left out (the type says so). */
const PREFETCH = {
  dashboard: prefetchOf(reportQueries.dashboard),
  heatmap: prefetchOf(reportQueries.heatmap),
  forecast: prefetchOf(reportQueries.forecast),
  revenue: prefetchOf(reportQueries.revenue),
  items: prefetchOf(reportQueries.items),
  staff: prefetchOf(reportQueries.staff),
  retention: prefetchOf(reportQueries.retention),
  bookings: prefetchOf(reportQueries.bookings),
  promotions: prefetchOf(reportQueries.promotions),
  'gift-cards': prefetchOf(reportQueries['gift-cards']),
  vat: prefetchOf(reportQueries.vat),
} satisfies Record<keyof typeof reportQueries, Prefetch>;

/** The salon's name and currency, which every report screen formats its money with. */
export const salonInfoQuery = () => $api.queryOptions('get', '/api/public/salon-info');

const REPORTS_PATH = '/manage/reports';

/** The report an address of the reports shows: the dashboard is the index's, not an address of its own. */
function reportOfAddress(path: string): keyof typeof PREFETCH | null {
  if (path === REPORTS_PATH) return 'dashboard';
  if (!path.startsWith(`${REPORTS_PATH}/`)) return null;
  const id = path.slice(REPORTS_PATH.length + 1);
  return id !== 'dashboard' && Object.hasOwn(PREFETCH, id) ? (id as keyof typeof PREFETCH) : null;
}

/**
 * What asks, into a query client, for the figures the reports' address `path` (`?search`) shows,
 * as its screen asks for them: the dashboard's at `/manage/reports`, one report's on the period
 * its address names (or this month so far) below it. Null for any other address, and for a
 * report that does not exist.
 */
export function prefetchReportOf(path: string, search: string): ((client: QueryClient) => Promise<void>) | null {
  const id = reportOfAddress(path);
  if (id === null) return null;
  // The screen's own reading of the address (usePeriod): the same days, so the same key.
  const period = periodOf(readParams(RANGE_SCHEMA, search));
  return (client) => PREFETCH[id](client, period);
}
