import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ConnectionError } from '../../api/errors';
import { useApiMutation } from '../../api/mutation';
import type { AgendaEntry, PhoneSwitches } from '../../api/offline-agenda';
import { useT } from '../../i18n/i18n';
import { FailureAlert } from '../../ui/FailureAlert';
import { useLongPress, useSwipeLeft, vibrate } from './gestures';

const AGENDA_KEY = ['get', '/api/bookings/agenda'] as const;

/**
 * One booking of the phone's agenda: its time, service and client, the client's phone (a
 * `tel:` link) and the booking's notes; its actions (complete, no-show, message) behind an
 * "Actions" button, which a swipe to the left opens too (`swipe_actions_enabled`); a long press on
 * the client's name offers calling and messaging them (`longpress_contact_enabled`), both also
 * reachable without it (the phone number is a link, "Message" is among the actions).
 *
 * Offline the actions that change the booking are refused with a message, nothing queued: a
 * status set from a copy of unknown age (the desk may have moved, cancelled or completed it
 * since) would be replayed over a change nobody saw, and completing a booking sends the client
 * a review request, which must not leave hours later. Messaging is the phone's own app and
 * works offline.
 */
export function AgendaBooking({
  entry,
  span,
  switches,
  offline,
}: {
  entry: AgendaEntry;
  /** "10:00 to 11:00" in the salon's time format. */
  span: string;
  switches: PhoneSwitches;
  /** Shown from the phone's copy (no network). */
  offline: boolean;
}) {
  const t = useT();
  const { booking, client_phone: phone } = entry;
  const queryClient = useQueryClient();
  const [actionsOpen, setActionsOpen] = useState(false);
  const [refusedOffline, setRefusedOffline] = useState(false);
  const actionsId = useId();
  const [contactOpen, setContactOpen] = useState(false);
  const contactId = useId();
  const firstContact = useRef<HTMLAnchorElement>(null);
  const change = useApiMutation('put', '/api/bookings/{id}', {
    onSuccess: () => vibrate(switches.haptics),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: AGENDA_KEY }),
  });
  const swipe = useSwipeLeft(switches.swipe, () => {
    setActionsOpen(true);
    vibrate(switches.haptics);
  });
  const longPress = useLongPress(switches.longPress && phone !== '', () => {
    setContactOpen(true);
    vibrate(switches.haptics);
  });
  // Opened by a finger, the choice takes the focus, so that a screen reader reads it out.
  useEffect(() => {
    if (contactOpen) firstContact.current?.focus();
  }, [contactOpen]);
  const setStatus = (status: 'completed' | 'no-show') => {
    if (offline || !navigator.onLine) {
      setRefusedOffline(true);
      return;
    }
    setRefusedOffline(false);
    change.mutate({ params: { path: { id: booking.id } }, body: { status, version: booking.version } });
  };
  const lostConnection = change.error instanceof ConnectionError;
  const open = booking.status === 'scheduled';
  const who = `${span}, ${booking.client_name}`;

  return (
    <li className="agenda-booking" data-status={booking.status} {...swipe}>
      <p className="agenda-time">{span}</p>
      <p className="agenda-service">{booking.service_name}</p>
      <p className="agenda-client">
        <span
          className="agenda-client-name"
          data-long-press={switches.longPress && phone !== '' ? '' : undefined}
          {...longPress}
        >
          {booking.client_name}
        </span>
        {phone !== '' && (
          <>
            {' '}
            <a href={`tel:${phone}`} aria-label={t('agenda.call', { name: booking.client_name, phone })}>
              {phone}
            </a>
          </>
        )}
      </p>
      {contactOpen && (
        <div
          id={contactId}
          role="group"
          className="agenda-contact"
          aria-label={t('agenda.contactOf', { name: booking.client_name })}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setContactOpen(false);
          }}
        >
          <a ref={firstContact} className="button" href={`tel:${phone}`}>
            {t('agenda.contactCall', { name: booking.client_name })}
          </a>
          <a className="button" href={`sms:${phone}`}>
            {t('agenda.contactMessage', { name: booking.client_name })}
          </a>
          <button type="button" className="button" onClick={() => setContactOpen(false)}>
            {t('agenda.contactClose')}
          </button>
        </div>
      )}
      {booking.status !== 'scheduled' && <p className="agenda-status">{t(`agenda.status.${booking.status}`)}</p>}
      {booking.notes !== '' && (
        <p className="agenda-notes">
          <span className="agenda-label">{t('agenda.notes')}</span> {booking.notes}
        </p>
      )}
      {booking.internal_notes !== '' && (
        <p className="agenda-notes">
          <span className="agenda-label">{t('agenda.internalNotes')}</span> {booking.internal_notes}
        </p>
      )}
      <button
        type="button"
        className="button agenda-actions-toggle"
        aria-expanded={actionsOpen}
        aria-controls={actionsId}
        aria-label={t('agenda.actionsOf', { booking: who })}
        onClick={() => setActionsOpen((now) => !now)}
      >
        {t('agenda.actions')}
      </button>
      <div id={actionsId} className="agenda-actions" hidden={!actionsOpen}>
        {open && (
          <>
            <button
              type="button"
              className="button"
              data-variant="primary"
              disabled={change.isPending}
              aria-label={t('agenda.completeOf', { booking: who })}
              onClick={() => setStatus('completed')}
            >
              {t('agenda.complete')}
            </button>
            <button
              type="button"
              className="button"
              disabled={change.isPending}
              aria-label={t('agenda.noShowOf', { booking: who })}
              onClick={() => setStatus('no-show')}
            >
              {t('agenda.noShow')}
            </button>
          </>
        )}
        {phone !== '' && (
          <a className="button" href={`sms:${phone}`} aria-label={t('agenda.messageOf', { name: booking.client_name })}>
            {t('agenda.message')}
          </a>
        )}
      </div>
      {(refusedOffline || lostConnection) && (
        <p role="alert" className="alert">
          {t('agenda.offlineRefused')}
        </p>
      )}
      {!lostConnection && <FailureAlert error={change.error} />}
    </li>
  );
}
