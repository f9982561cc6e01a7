import type { QueryClient } from '@tanstack/react-query';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../src/lib/office-paths';
import { $api } from '../api/client';
import { onceSignedIn, restoreSession } from '../api/session';
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
  const prefetchReport = prefetchReportOf(pathname, search);
  // Heard of before React hears of the refresh's answer: the report's request leaves before
  // React renders the signed-in page, which holds the main thread while it lasts.
  onceSignedIn((user) => {
    // The reports are an admin's (anyone else is told so without a request: ManageArea), and
    // nothing opens before a temporary password is replaced.
    if (prefetchReport && user.role === 'admin' && !user.require_password_change) void prefetchReport(queryClient);
  });
  // In the order they are needed: the browser sends six at a time to the service (HTTP/1.1), and
  // the refresh, on which the report's request waits, would otherwise queue behind the chunks.
  void restoreSession();
  // The messages first: every screen waits for them, and each chunk's own part is then asked
  // for as the chunk starts, before its code (withMessages), not once the language is active.
  preloadMessages('shell-office');
  preloadOfficePage(pathname);
  void queryClient.prefetchQuery($api.queryOptions('get', '/api/public/salon-page'));
  if (prefetchReport) void queryClient.prefetchQuery(salonInfoQuery());
  if (!SIGNED_OUT_PAGES.some((page) => isAtOrBelow(pathname, page))) preloadSignedInBar();
}
