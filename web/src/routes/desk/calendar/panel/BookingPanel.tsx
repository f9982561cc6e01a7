import { useState } from 'react';
import { $api, type Schemas } from '../../../../api/client';
import { useApiMutation } from '../../../../api/mutation';
import { useT } from '../../../../i18n/i18n';
import { formatClock } from '../../../../lib/format';
import { SendButton } from '../../../../ui/ApiForm';
import { Button } from '../../../../ui/Button';
import { Dialog } from '../../../../ui/Dialog';
import { FailureAlert } from '../../../../ui/FailureAlert';
import { LinkButton } from '../../../../ui/LinkButton';
import { Loading } from '../../../../ui/PageStates';
import { STATUS_WORD } from '../day/booking-words';
import { dayName } from '../day-name';
import type { DeskSettings } from '../desk-settings';
import { MoveForm } from '../move/MoveForm';
import type { NewBookingStart } from '../new-booking/NewBookingDialog';
import { rebookOf } from '../new-booking/rebook';
import { DESK_WORDS } from '../refusals';
import { BookingHistory } from './BookingHistory';
import { SeriesSection } from './SeriesSection';
import { VisitSection } from './VisitSection';
import './panel.css';

type DayStaff = Schemas['DayView']['staff'];

/**
 * A booking's panel: the client, the service and staff member, the notes, and the actions its
 * status allows (a request confirmed or declined; a booking completed, marked a no-show,
 * cancelled, moved; and in any status booked again), and the visit or repeating series it is a
 * part of, each moved or ended whole. A refusal is shown as the API names it, and
 * the panel shows the booking as it now is.
 */
export function BookingPanel({
  id,
  settings,
  staff,
  today,
  onClose,
  onRebook,
}: {
  id: number;
  settings: DeskSettings;
  staff: DayStaff;
  /** The salon's today: a booking is never booked again before it. */
  today: string;
  onClose: () => void;
  /** "Rebook": the new booking's dialog, filled in from this booking. */
  onRebook: (start: NewBookingStart) => void;
}) {
  const t = useT();
  const booking = $api.useQuery('get', '/api/bookings/{id}', { params: { path: { id } } }, { enabled: id > 0 });
  // A visit is booked again whole; a visit the user may not read (another member's part, with
  // the personal agenda) is booked again as this booking alone.
  const visitId = booking.data?.visit_id ?? null;
  const visit = $api.useQuery(
    'get',
    '/api/bookings/visits/{id}',
    { params: { path: { id: visitId ?? 0 } } },
    { enabled: visitId !== null },
  );
  const title = booking.data
    ? t('calendar.panel.title', { client: booking.data.client_name })
    : t('calendar.panel.loading');
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={title}>
      {booking.data ? (
        <PanelBody
          booking={booking.data}
          settings={settings}
          staff={staff}
          today={today}
          onClose={onClose}
          onRebook={() => onRebook(rebookOf(booking.data, visit.data?.bookings, today))}
          rebookReady={!visit.isLoading}
        />
      ) : booking.error || id <= 0 ? (
        <>
          {booking.error ? (
            <FailureAlert error={booking.error} words={{ refused: 'calendar.panel.absent' }} />
          ) : (
            <p role="alert">{t('calendar.panel.absent')}</p>
          )}
          <Button variant="secondary" onPress={onClose}>
            {t('calendar.panel.close')}
          </Button>
        </>
      ) : (
        <Loading />
      )}
    </Dialog>
  );
}

function PanelBody({
  booking,
  settings,
  staff,
  today,
  onClose,
  onRebook,
  rebookReady,
}: {
  booking: Schemas['Booking'];
  settings: DeskSettings;
  staff: DayStaff;
  today: string;
  onClose: () => void;
  onRebook: () => void;
  rebookReady: boolean;
}) {
  const t = useT();
  const client = $api.useQuery('get', '/api/clients/{id}', { params: { path: { id: booking.client_id } } });
  const update = useApiMutation('put', '/api/bookings/{id}');
  const cancel = useApiMutation('delete', '/api/bookings/{id}');
  const [asking, setAsking] = useState<'cancel' | 'move' | null>(null);
  const clock = (text: string) => formatClock(text.slice(11, 16), settings.locale, settings.timeFormat);
  const path = { params: { path: { id: booking.id } } };
  const setStatus = (status: Schemas['Booking']['status']) => {
    cancel.reset();
    // The version the desk showed: a booking changed meanwhile is refused (409 booking_changed), not overwritten.
    update.mutate({ ...path, body: { status, version: booking.version } });
  };
  const sending = { isPending: update.isPending || cancel.isPending, error: update.error ?? cancel.error };
  const status = booking.status;

  if (asking === 'move') {
    return <MoveForm booking={booking} settings={settings} staff={staff} onDone={() => setAsking(null)} />;
  }
  return (
    <>
      <dl className="panel-facts">
        <dt>{t('calendar.panel.when')}</dt>
        <dd>
          {t('calendar.panel.whenValue', {
            day: dayName(booking.start_at.slice(0, 10), settings.locale),
            start: clock(booking.start_at),
            end: clock(booking.end_at),
          })}
        </dd>
        <dt>{t('calendar.panel.service')}</dt>
        <dd>{t('calendar.panel.serviceValue', { service: booking.service_name, staff: booking.staff_name })}</dd>
        <dt>{t('calendar.panel.status')}</dt>
        <dd data-status={status}>{t(STATUS_WORD[status])}</dd>
        <dt>{t('calendar.panel.client')}</dt>
        <dd>
          {booking.client_name}
          {client.data?.phone && (
            <>
              <br />
              <a href={`tel:${client.data.phone}`}>{client.data.phone}</a>
            </>
          )}
          {client.data?.email && (
            <>
              <br />
              <a href={`mailto:${client.data.email}`}>{client.data.email}</a>
            </>
          )}
        </dd>
        {client.data?.notes && (
          <>
            <dt>{t('calendar.panel.clientNotes')}</dt>
            <dd className="panel-notes">{client.data.notes}</dd>
          </>
        )}
        {booking.notes && (
          <>
            <dt>{t('calendar.panel.notes')}</dt>
            <dd className="panel-notes">{booking.notes}</dd>
          </>
        )}
        {booking.internal_notes && (
          <>
            <dt>{t('calendar.panel.internalNotes')}</dt>
            <dd className="panel-notes">{booking.internal_notes}</dd>
          </>
        )}
      </dl>
      <BookingHistory id={booking.id} settings={settings} />
      {booking.visit_id !== null && <VisitSection visitId={booking.visit_id} settings={settings} />}
      {booking.series_id !== null && (
        <SeriesSection seriesId={booking.series_id} booking={booking} settings={settings} staff={staff} today={today} />
      )}
      <FailureAlert error={sending.error} words={DESK_WORDS} />
      {asking === 'cancel' ? (
        <div className="actions" role="group" aria-label={t('calendar.panel.cancelQuestion')}>
          <p>{t('calendar.panel.cancelQuestion')}</p>
          <SendButton
            sending={sending}
            onSend={() => {
              update.reset();
              cancel.mutate(
                { params: { ...path.params, query: { version: booking.version } } },
                { onSuccess: () => setAsking(null) },
              );
            }}
          >
            {t('calendar.panel.cancelYes')}
          </SendButton>
          <Button variant="secondary" onPress={() => setAsking(null)}>
            {t('calendar.panel.cancelNo')}
          </Button>
        </div>
      ) : (
        <div className="actions">
          {status === 'provisional' && (
            <>
              <SendButton sending={sending} onSend={() => setStatus('scheduled')}>
                {t('calendar.panel.confirm')}
              </SendButton>
              <SendButton sending={sending} variant="secondary" onSend={() => setStatus('cancelled')}>
                {t('calendar.panel.decline')}
              </SendButton>
            </>
          )}
          {status === 'scheduled' && (
            <>
              <SendButton sending={sending} onSend={() => setStatus('completed')}>
                {t('calendar.panel.complete')}
              </SendButton>
              <SendButton sending={sending} variant="secondary" onSend={() => setStatus('no-show')}>
                {t('calendar.panel.noShow')}
              </SendButton>
            </>
          )}
          {(status === 'scheduled' || status === 'completed') && (
            <LinkButton variant="secondary" href={`/till?booking=${booking.id}`}>
              {t('calendar.panel.checkOut')}
            </LinkButton>
          )}
          {status === 'no-show' && (
            <SendButton sending={sending} variant="secondary" onSend={() => setStatus('scheduled')}>
              {t('calendar.panel.undoNoShow')}
            </SendButton>
          )}
          {(status === 'scheduled' || status === 'provisional') && (
            <>
              <Button variant="secondary" onPress={() => setAsking('move')}>
                {t('calendar.panel.move')}
              </Button>
              <Button variant="secondary" onPress={() => setAsking('cancel')}>
                {t('calendar.panel.cancel')}
              </Button>
            </>
          )}
          <Button variant="secondary" onPress={onRebook} isDisabled={!rebookReady}>
            {t('calendar.panel.rebook')}
          </Button>
          <Button variant="secondary" onPress={onClose}>
            {t('calendar.panel.close')}
          </Button>
        </div>
      )}
    </>
  );
}
