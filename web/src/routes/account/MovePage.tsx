import type { CalendarDate } from '@internationalized/date';
import { useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { moveSlots, type Slot } from '../../api/availability';
import { $api, type Schemas } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { errorCode, isSlotGone } from '../../api/errors';
import { useT } from '../../i18n/i18n';
import { SendButton } from '../../ui/ApiForm';
import { FailureAlert } from '../../ui/FailureAlert';
import { LinkButton } from '../../ui/LinkButton';
import { Loading, LoadError } from '../../ui/PageStates';
import { useSalonTime } from '../../ui/salon-time';
import { SlotPicker } from '../../ui/SlotPicker';
import { CallSalon } from './CallSalon';
import { flash } from './flash';
import { PageHeading } from './PageHeading';
import { RequireClient } from './RequireClient';
import './account.css';

type MyBooking = Schemas['MyBooking'];

/** /client/bookings/:id/move: a new day and time for one of the client's bookings, with the same member. */
export default function MovePage() {
  return <RequireClient>{() => <Move />}</RequireClient>;
}

function Move() {
  const t = useT();
  const id = Number(useParams<{ id: string }>().id);
  const info = $api.useQuery('get', '/api/public/salon-info');
  const page = $api.useQuery('get', '/api/public/salon-page');
  const upcoming = $api.useQuery('get', '/api/public/me/bookings', { params: { query: { scope: 'upcoming' } } });

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
  const { span } = useSalonTime(page);
  const source = useMemo(() => moveSlots(booking.id), [booking.id]);
  const [date, setDate] = useState<CalendarDate | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [taken, setTaken] = useState(false);
  const what = t('account.bookings.what', { service: booking.service_name, staff: booking.staff_name });

  // What a move makes stale (the lists, the times; the times when one was taken) is the map's
  // (api/invalidations.ts): the list it goes back to shows the booking moved.
  const move = useApiMutation('post', '/api/public/me/bookings/{id}/move', {
    onSuccess: (moved) => {
      flash(t('account.move.done', { service: moved.service_name, when: span(moved.start_at, moved.end_at) }));
      navigate('/client/bookings');
    },
    onError: (error) => {
      if (isSlotGone(error)) {
        setTaken(true);
        setSlot(null);
      }
    },
  });

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
        {/* A time taken meanwhile is said at the times (SlotPicker). */}
        <FailureAlert
          error={isSlotGone(move.error) ? null : move.error}
          words={{ refused: 'account.move.unavailable' }}
        >
          {errorCode(move.error) === 'too_late_to_move' && <CallSalon />}
        </FailureAlert>
        {slot ? (
          <p className="summary">{t('account.move.new', { when: span(slot.start_at, slot.end_at) })}</p>
        ) : (
          <p className="description">{t('account.move.chooseTime')}</p>
        )}
        <div className="actions">
          <SendButton
            sending={move}
            isDisabled={!slot}
            onSend={() =>
              slot && move.mutate({ params: { path: { id: booking.id } }, body: { start_at: slot.start_at } })
            }
          >
            {t('account.move.submit')}
          </SendButton>
          <LinkButton href="/client/bookings" variant="secondary">
            {t('account.move.back')}
          </LinkButton>
        </div>
      </div>
    </>
  );
}
