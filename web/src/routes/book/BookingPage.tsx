import type { QueryClient } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { $api } from '../../api/client';
import { useLanguage, useT } from '../../i18n/i18n';
import { useIntlWarmed } from '../../i18n/warm-intl';
import { isEmbedded } from '../../lib/embed';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import { BookingFlow } from './BookingFlow';
import { SalonIntro, SalonMoreAtEnd } from './SalonIntro';

/** Asks for what the booking page reads before it shows anything (the shell calls it as the page starts). */
export function prefetchBookingPage(queryClient: QueryClient): void {
  for (const path of [
    '/api/public/salon-info',
    '/api/public/salon-page',
    '/api/public/services',
    '/api/public/reviews/summary',
  ] as const) {
    void queryClient.prefetchQuery($api.queryOptions('get', path));
  }
}

/** The online booking page: the salon, then services → who → day → time → details → done. */
export function BookingPage() {
  const t = useT();
  useTitle(t('book.title'));
  const info = $api.useQuery('get', '/api/public/salon-info');
  const page = $api.useQuery('get', '/api/public/salon-page');
  const services = $api.useQuery('get', '/api/public/services');
  // Waited for (not required): the review line arriving later would push the page down.
  const reviews = $api.useQuery('get', '/api/public/reviews/summary');
  // The page's prices, durations and plurals are its first Intl calls: waited for until a
  // worker has loaded their data (i18n/warm-intl.ts), the render makes none of that cost.
  const intlWarmed = useIntlWarmed(useLanguage().locale);
  const ready =
    info.data !== undefined &&
    page.data !== undefined &&
    services.data !== undefined &&
    !reviews.isPending &&
    intlWarmed;
  // The whole page appears at once when its data is in: rendered in the background (a deferred
  // value renders in slices), so a slow phone stays responsive meanwhile. The initial `false`
  // keeps that true when the data is already there as the page mounts (the usual case: it is
  // asked for as the page starts), where a deferred value without one is rendered at once.
  const show = useDeferredValue(ready, false);

  // The heading comes at once, before the data: it is the page's largest text, so the first
  // paint already shows what the page is (Lighthouse's LCP moved from after the data to the
  // first render), and the content then appears below it without moving it.
  const heading = <h1>{t('book.title')}</h1>;
  if (info.isError || page.isError || services.isError) {
    return (
      <>
        {heading}
        <LoadError
          retry={() => {
            void info.refetch();
            void page.refetch();
            void services.refetch();
          }}
        />
      </>
    );
  }
  if (!show || !info.data || !page.data || !services.data) {
    return (
      <>
        {heading}
        <Loading />
      </>
    );
  }
  return (
    <>
      {heading}
      <SalonIntro page={page.data} compact={isEmbedded()} />
      <BookingFlow info={info.data} page={page.data} services={services.data} />
      {!isEmbedded() && <SalonMoreAtEnd page={page.data} />}
    </>
  );
}
