import { lazy, Suspense, useEffect, useState } from 'react';
import type { Schemas } from '../../api/client';
import type { Booked } from '../../api/book';
import { useT } from '../../i18n/i18n';
import { Loading } from '../../ui/PageStates';
import { Done } from './Done';
import { ServicesStep } from './ServicesStep';
import { StaffStep } from './StaffStep';

type SalonInfo = Schemas['SalonInfo'];
type SalonPage = Schemas['PublicSalonPage'];
type PublicService = Schemas['PublicService'];

// The day, time and details steps (the calendar, the form) are a chunk of their own, fetched
// while the visitor picks a service: the page's first load stays small.
const loadSchedule = () => import('./Schedule');
const Schedule = lazy(loadSchedule);

/** The booking itself: its choices live here, so a step that reloads never loses the others. */
export function BookingFlow({ info, page, services }: { info: SalonInfo; page: SalonPage; services: PublicService[] }) {
  const t = useT();
  const [serviceIds, setServiceIds] = useState<number[]>([]);
  const [staffId, setStaffId] = useState<number | null>(null);
  const [booked, setBooked] = useState<Booked | null>(null);

  useEffect(() => {
    void loadSchedule();
  }, []);

  if (info.booking_clients === 'existing') {
    return (
      <p className="notice" role="status">
        {t('book.existingOnly')}
      </p>
    );
  }
  if (booked) {
    return (
      <Done
        booked={booked}
        page={page}
        again={() => {
          setBooked(null);
          setServiceIds([]);
          setStaffId(null);
        }}
      />
    );
  }
  if (services.length === 0) return <p>{t('book.services.none')}</p>;

  const chosen = serviceIds
    .map((id) => services.find((service) => service.id === id))
    .filter((service) => service !== undefined);
  return (
    <>
      <ServicesStep
        services={services}
        currency={info.currency}
        value={serviceIds}
        onChange={(ids) => {
          setServiceIds(ids);
          setStaffId(null);
        }}
      />
      {chosen.length > 0 && info.booking_allow_staff_choice && (
        <StaffStep serviceIds={serviceIds} value={staffId} onChange={setStaffId} />
      )}
      {chosen.length > 0 && (
        <Suspense fallback={<Loading />}>
          <Schedule info={info} page={page} services={chosen} staffId={staffId} onBooked={setBooked} />
        </Suspense>
      )}
    </>
  );
}
