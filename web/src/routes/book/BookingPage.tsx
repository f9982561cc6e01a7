import { useQuery } from '@tanstack/react-query';
import { salonInfoQuery } from '../../api/salon-info';
import { useT } from '../../i18n/i18n';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';

/** The online booking page. */
export function BookingPage() {
  const t = useT();
  useTitle(t('book.title'));
  const salon = useQuery(salonInfoQuery);
  if (salon.isPending) return <Loading />;
  if (salon.isError) return <LoadError retry={() => void salon.refetch()} />;
  return <h1>{t('book.title')}</h1>;
}
