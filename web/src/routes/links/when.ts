import { useT } from '../../i18n/i18n';
import { useSalonTime } from '../../ui/salon-time';
import type { SalonPage } from './LinkPage';

/** A moment of the salon's wall clock, "Thursday 26 November at 10:00", in its zone and time format. */
export function useMoment(salon: SalonPage): (at: string) => string {
  const t = useT();
  const { day, time } = useSalonTime(salon);
  return (at: string) => t('links.moment', { day: day(at), time: time(at) });
}

/** The salon's address on one line: street, postcode and city (each only when set). */
export function addressOf(salon: SalonPage): string {
  return [salon.salon_address, [salon.salon_postcode, salon.salon_city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}
