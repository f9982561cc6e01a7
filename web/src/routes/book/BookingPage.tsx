import { useQuery } from '@tanstack/react-query';
import { salonInfoQuery } from '../../api/salon-info';
import { salonPageQuery } from '../../api/salon-page';
import { publicServicesQuery } from '../../api/services';
import { useT } from '../../i18n/i18n';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import { BookingFlow } from './BookingFlow';
import { SalonIntro } from './SalonIntro';

/** The online booking page: the salon, then services → who → day → time → details → done. */
export function BookingPage() {
  const t = useT();
  useTitle(t('book.title'));
  const info = useQuery(salonInfoQuery);
  const page = useQuery(salonPageQuery);
  const services = useQuery(publicServicesQuery);

  if (info.isError || page.isError || services.isError) {
    return (
      <LoadError
        retry={() => {
          void info.refetch();
          void page.refetch();
          void services.refetch();
        }}
      />
    );
  }
  if (!info.data || !page.data || !services.data) return <Loading />;
  return (
    <>
      <h1>{t('book.title')}</h1>
      <SalonIntro page={page.data} />
      <BookingFlow info={info.data} page={page.data} services={services.data} />
    </>
  );
}
