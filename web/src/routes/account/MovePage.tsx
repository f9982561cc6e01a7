import type { CalendarDate } from '@internationalized/date';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { AVAILABILITY_KEY, type Slot } from '../../api/availability';
import { ApiError, type Schemas } from '../../api/client';
import { moveMyBooking, moveSlots, MY_BOOKINGS_KEY, myBookingsQuery, type MyBooking } from '../../api/me';
import { salonInfoQuery } from '../../api/salon-info';
import { salonPageQuery } from '../../api/salon-page';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { LinkButton } from '../../ui/LinkButton';
import { Loading, LoadError } from '../../ui/PageStates';
import { useSalonTime } from '../../ui/salon-time';
import { SlotPicker } from '../../ui/SlotPicker';
import { CallSalon } from './CallSalon';
import { flash } from './flash';
import { PageHeading } from './PageHeading';
import { RequireClient } from './RequireClient';
import './account.css';

/** The answers that mean "this time is no longer free": the times are fetched again. */
const TAKEN = new Set(['slot_taken', 'resource_unavailable', 'not_a_slot', 'inside_lead_time', 'slot_in_past']);

/** /client/bookings/:id/move: a new day and time for one of the client's bookings, with the same member. */
export default function MovePage() {
  return <RequireClient>{() => <Move />}</RequireClient>;
}

function Move() {
  const t = useT();
  const id = Number(useParams<{ id: string }>().id);
  const info = useQuery(salonInfoQuery);
  const page = useQuery(salonPageQuery);
  const upcoming = useQuery(myBookingsQuery('upcoming'));

  if (info.isError || page.isError || upcoming.isError) {
    return (
      <>
        <PageHeading>{t('account.move.title')}</PageHeading>
        <LoadError
          retry={() => {
            void info.refetch();
            void page.refetch();
            void upcoming.refetch();
          }}
        />
      </>
    );
  }
  if (!info.data || !page.data || !upcoming.data) {
    return (
      <>
        <PageHeading>{t('account.move.title')}</PageHeading>
        <Loading />
      </>
    );
  }
  const booking = upcoming.data.find((candidate) => candidate.id === id);
  return (
    <>
      <PageHeading>{t('account.move.title')}</PageHeading>
      {booking?.actions.move.allowed ? (
        <MoveForm booking={booking} page={page.data} maxFutureDays={info.data.booking_max_future_days} />
      ) : (
        <>
          <p className="alert">
            {t('account.move.unavailable')}{' '}
            {booking?.actions.move.refusal?.code === 'part_of_visit' && t('account.bookings.partOfVisit')}{' '}
            {booking && <CallSalon />}
          </p>
          <Link href="/client/bookings">{t('account.move.back')}</Link>
        </>
      )}
    </>
  );
}

function MoveForm({
  booking,
  page,
  maxFutureDays,
}: {
  booking: MyBooking;
  page: Schemas['PublicSalonPage'];
  maxFutureDays: number;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { span } = useSalonTime(page);
  const source = useMemo(() => moveSlots(booking.id), [booking.id]);
  const [date, setDate] = useState<CalendarDate | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [taken, setTaken] = useState(false);
  const what = t('account.bookings.what', { service: booking.service_name, staff: booking.staff_name });

  const move = useMutation({
    mutationFn: (to: Slot) => moveMyBooking(booking.id, to.start_at),
    onSuccess: async (moved) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MY_BOOKINGS_KEY }),
        queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY }),
      ]);
      flash(t('account.move.done', { service: moved.service_name, when: span(moved.start_at, moved.end_at) }));
      navigate('/client/bookings');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code !== undefined && TAKEN.has(error.code)) {
        setTaken(true);
        setSlot(null);
        void queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY });
      }
    },
  });
  const code = move.error instanceof ApiError ? move.error.code : undefined;
  const failure =
    move.error === null || (code !== undefined && TAKEN.has(code)) ? null : code === 'too_late_to_move' ? (
      <>
        {t('account.move.tooLate')} <CallSalon />
      </>
    ) : move.error instanceof ApiError && move.error.status === 429 ? (
      t('book.error.tooMany')
    ) : move.error instanceof ApiError && move.error.status < 500 ? (
      t('account.move.unavailable')
    ) : (
      t('account.move.failed')
    );

  return (
    <>
      <p className="summary">{t('account.move.current', { what, when: span(booking.start_at, booking.end_at) })}</p>
      <SlotPicker
        page={page}
        maxFutureDays={maxFutureDays}
        source={source}
        date={date}
        onDateChange={(next) => {
          setDate(next);
          setTaken(false);
        }}
        value={slot}
        onChange={(next) => {
          setSlot(next);
          if (next) setTaken(false);
        }}
        taken={taken ? t('account.move.taken') : null}
        dayTitle={t('account.move.day')}
        timeTitle={t('account.move.time')}
        idPrefix="move"
      />
      <div className="step">
        {failure && (
          <p role="alert" className="alert">
            {failure}
          </p>
        )}
        {slot ? (
          <p className="summary">{t('account.move.new', { when: span(slot.start_at, slot.end_at) })}</p>
        ) : (
          <p className="description">{t('account.move.chooseTime')}</p>
        )}
        <div className="actions">
          <Button isDisabled={!slot} onPress={() => slot && !move.isPending && move.mutate(slot)}>
            {move.isPending ? t('app.sending') : t('account.move.submit')}
          </Button>
          <LinkButton href="/client/bookings" variant="secondary">
            {t('account.move.back')}
          </LinkButton>
        </div>
      </div>
    </>
  );
}
