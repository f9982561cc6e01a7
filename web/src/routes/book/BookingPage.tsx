import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { reviewSummaryQuery } from '../../api/reviews';
import { salonInfoQuery } from '../../api/salon-info';
import { salonPageQuery } from '../../api/salon-page';
import { publicServicesQuery } from '../../api/services';
import { useT } from '../../i18n/i18n';
import { isEmbedded } from '../../lib/embed';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import { BookingFlow } from './BookingFlow';
import { SalonIntro } from './SalonIntro';

/** Asks for what the booking page reads before it shows anything (the shell calls it as the page starts). */
export function prefetchBookingPage(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(salonInfoQuery);
  void queryClient.prefetchQuery(salonPageQuery);
  void queryClient.prefetchQuery(publicServicesQuery);
  void queryClient.prefetchQuery(reviewSummaryQuery);
}

/** The online booking page: the salon, then services → who → day → time → details → done. */
export function BookingPage() {
  const t = useT();
  useTitle(t('book.title'));
  const info = useQuery(salonInfoQuery);
  const page = useQuery(salonPageQuery);
  const services = useQuery(publicServicesQuery);
  // Waited for (not required): the review line arriving later would push the page down.
  const reviews = useQuery(reviewSummaryQuery);
  const ready = info.data !== undefined && page.data !== undefined && services.data !== undefined && !reviews.isPending;
  // The whole page appears at once when its data is in: rendered in the background (a deferred
  // value renders in slices), so a slow phone stays responsive meanwhile.
  const show = useDeferredValue(ready);

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
    </>
  );
}
