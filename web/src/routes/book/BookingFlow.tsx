import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { Schemas } from '../../api/client';
import { useClientSession } from '../../api/client-session';
import type { Booked } from '../../api/book';
import { useT } from '../../i18n/i18n';
import { isEmbedded, tellHost } from '../../lib/embed';
import { whenIdle } from '../../lib/when-idle';
import { Loading } from '../../ui/PageStates';
import { loadAria, withAria } from '../../ui/with-aria';
import { useChoices, type ChoicesUpdate } from './choices';
import { MAX_SERVICES, ServicesStep } from './ServicesStep';
import { useStaffMembers } from './staff-members';

type SalonInfo = Schemas['SalonInfo'];
type SalonPage = Schemas['PublicSalonPage'];
type PublicService = Schemas['PublicService'];

// The day, time and details steps (the calendar, the form) are a chunk of their own, fetched
// while the visitor picks a service: the page's first load stays small. They use React Aria,
// whose providers come with them (withAria), not with the first screen.
const loadSchedule = () => import('./Schedule');
const Schedule = lazy(withAria(loadSchedule));
// The who and done steps travel in the same chunk.
const StaffStep = lazy(withAria(() => loadSchedule().then((schedule) => ({ default: schedule.StaffStep }))));
const Done = lazy(withAria(() => loadSchedule().then((schedule) => ({ default: schedule.Done }))));
// Only for a salon that books its clients with an account, who have not signed in yet; from the
// schedule's chunk, fetched anyway (one chunk fewer: each costs the first load some bytes).
const SignInFirst = lazy(withAria(() => loadSchedule().then((schedule) => ({ default: schedule.SignInFirst }))));
// Only embedded, for a salon that books its clients with an account: from the schedule's chunk,
// fetched anyway (a chunk of its own would cost the first load more than it saves).
const EmbeddedSignIn = lazy(withAria(() => loadSchedule().then((schedule) => ({ default: schedule.EmbeddedSignIn }))));

/**
 * The booking itself. Its choices live in the page's address (choices.ts), so a reload, Back
 * and a shared link bring them back. Those that no longer hold (a service no longer offered, a
 * member who does not do the services, and in Schedule a day closed or past, a time taken) are
 * left out, with a note where they were, until the visitor's next choice rewrites the address.
 */
export function BookingFlow({ info, page, services }: { info: SalonInfo; page: SalonPage; services: PublicService[] }) {
  const t = useT();
  const client = useClientSession();
  const { choices, choose, reset } = useChoices();
  const [booked, setBooked] = useState<Booked | null>(null);

  const serviceIds = useMemo(
    () => choices.services.filter((id) => services.some((service) => service.id === id)).slice(0, MAX_SERVICES),
    [choices.services, services],
  );
  const members = useStaffMembers(info.booking_allow_staff_choice ? serviceIds : []);
  // A member chosen when the salon still let clients choose: anyone now, nothing to say.
  const staffAsked = info.booking_allow_staff_choice ? choices.staff : null;
  const staffKnown = staffAsked === null || members !== undefined;
  const staffHolds = staffAsked === null || members?.some((member) => member.id === staffAsked) === true;
  const staffId = staffHolds ? staffAsked : null;

  /** The visitor's choice, on top of the choices that hold: what did not is gone from the address. */
  const pick = useCallback(
    (update: ChoicesUpdate) => {
      setBooked(null);
      choose({ services: serviceIds, staff: staffId, ...update });
    },
    [choose, serviceIds, staffId],
  );

  // Fetched once the first screen is painted and the browser is idle, not in the same task as
  // the page's first commit: its module preloads and evaluation would lengthen that task.
  useEffect(
    () =>
      whenIdle(() => {
        void loadSchedule();
        void loadAria();
      }),
    [],
  );

  if (info.booking_clients === 'existing' && client.status !== 'signed-in') {
    // Signing in needs the client's session cookie, which a browser never sends to a frame on
    // another site: the embedded page sends them to the booking page itself, in a new tab.
    if (isEmbedded()) {
      return (
        <Suspense fallback={<Loading />}>
          <EmbeddedSignIn />
        </Suspense>
      );
    }
    return <Suspense fallback={<Loading />}>{client.status === 'unknown' ? <Loading /> : <SignInFirst />}</Suspense>;
  }
  // The done page stays until a choice is made or Back brings the steps back.
  if (booked && choices.services.length === 0) {
    return (
      <Suspense fallback={<Loading />}>
        <Done booked={booked} page={page} again={() => setBooked(null)} />
      </Suspense>
    );
  }
  // No service to book (none yet, or no member performs one): said as a step of its own, never
  // the services step's heading over nothing.
  if (services.length === 0) {
    return (
      <section className="step" aria-labelledby="step-none">
        <h2 id="step-none">{t('book.services.noneTitle')}</h2>
        <p>{t('book.services.none')}</p>
      </section>
    );
  }

  const chosen = serviceIds
    .map((id) => services.find((service) => service.id === id))
    .filter((service) => service !== undefined);
  return (
    <>
      {serviceIds.length < choices.services.length && (
        <p className="notice" role="status">
          {t('book.restore.services')}
        </p>
      )}
      <ServicesStep
        services={services}
        currency={info.currency}
        value={serviceIds}
        // Another service: who and when are chosen again (the day stays, its times change).
        onChange={(ids) => pick({ services: ids, staff: null, time: null })}
      />
      {!staffHolds && staffKnown && (
        <p className="notice" role="status">
          {t('book.restore.staff')}
        </p>
      )}
      {chosen.length > 0 && info.booking_allow_staff_choice && (
        <Suspense fallback={<Loading />}>
          <StaffStep serviceIds={serviceIds} value={staffId} onChange={(staff) => pick({ staff, time: null })} />
        </Suspense>
      )}
      {chosen.length > 0 && staffKnown && (
        <Suspense fallback={<Loading />}>
          <Schedule
            info={info}
            page={page}
            services={chosen}
            staffId={staffId}
            date={choices.date}
            time={choices.time}
            choose={pick}
            onBooked={(result) => {
              // A fresh booking page behind the done page: a reload starts a new booking,
              // rather than bringing back the time this booking has just taken.
              reset();
              setBooked(result);
              tellHost({ type: 'salon:booked' });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
