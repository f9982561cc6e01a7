import type { QueryClient } from '@tanstack/react-query';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../src/lib/office-paths';
import { $api } from '../api/client';
import { restoreSession, signedInUser } from '../api/session';
import { preloadMessages } from '../i18n/i18n';
import { isAtOrBelow } from '../lib/load-once';
import { prefetchReportOf, salonInfoQuery } from '../routes/manage/reports/queries';
import { preloadSignedInBar } from './OfficeHeader';
import { preloadOfficePage } from './office-pages';

/** The pages someone signed out uses: they go without the signed-in bar. */
const SIGNED_OUT_PAGES = [OFFICE_ROUTES.login, OFFICE_ROUTES.resetPassword];

/**
 * Everything the address opened needs that does not wait for React, started at once and side
 * by side, before the first render: the address's chunks and their messages, the signed-in
 * bar's chunk, the session's refresh, the salon's public page (the header's name and look); on
 * a report's address the salon's currency at once and, as soon as the refresh says an admin is
 * signed in, the report's own request. Each used to wait for something before it (the messages
 * for the first render, the bar and the salon page for the session and the messages, the report
 * for the reports' chunk to run): a wave each.
 *
 * Each request is asked into `queryClient` by the very options its screen uses, so the screen
 * finds the answer, or the request on its way, instead of asking again; a request that fails is
 * the screen's to show and retry as any other. Nothing here is waited for: no page depends on a
 * prefetch having happened.
 */
export function startOffice(queryClient: QueryClient, address: { pathname: string; search: string }): void {
  const { pathname, search } = address;
  preloadOfficePage(pathname);
  // After the chunks: their messages' parts are then among the first ones asked for, not a round after.
  preloadMessages('shell-office');
  if (!SIGNED_OUT_PAGES.some((page) => isAtOrBelow(pathname, page))) preloadSignedInBar();
  void queryClient.prefetchQuery($api.queryOptions('get', '/api/public/salon-page'));
  const prefetchReport = prefetchReportOf(pathname, search);
  if (prefetchReport) void queryClient.prefetchQuery(salonInfoQuery());
  void restoreSession().then(() => {
    // The reports are an admin's; anyone else is told so without a request (ManageArea).
    if (prefetchReport && signedInUser()?.role === 'admin') void prefetchReport(queryClient);
  });
}
