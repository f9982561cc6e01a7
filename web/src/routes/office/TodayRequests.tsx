import { useState } from 'react';
import type { Schemas } from '../../api/client';
import { $api } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { SendButton } from '../../ui/ApiForm';
import { FailureAlert } from '../../ui/FailureAlert';
import { LoadError } from '../../ui/PageStates';
import { useSalonTime } from '../../ui/salon-time';
import type { SalonPage } from './salon-page';

type Booking = Schemas['Booking'];

/**
 * The requests waiting for the salon's answer (bookings `provisional` from today on), each to
 * confirm or decline with the API's transitions: the service emails the client either way. A
 * booking held for its deposit is provisional too, but the client's payment decides it, not
 * the desk: it is left out.
 */
export function TodayRequests({ salon }: { salon: SalonPage }) {
  const t = useT();
  const requests = $api.useQuery('get', '/api/bookings', {
    params: { query: { from: salon.today, status: ['provisional'] } },
  });
  const [said, setSaid] = useState('');
  const open = (requests.data && Array.isArray(requests.data) ? requests.data : (requests.data?.data ?? []))
    .filter((booking) => booking.deposit_status !== 'pending')
    .sort((a, b) => a.start_at.localeCompare(b.start_at) || a.id - b.id);
  return (
    <section className="today-part" aria-labelledby="today-requests">
      <h2 id="today-requests">{t('today.requests.title', { count: open.length })}</h2>
      <p role="status" className={said ? 'notice' : undefined}>
        {said}
      </p>
      {requests.isError ? (
        <LoadError retry={() => void requests.refetch()} />
      ) : requests.isPending ? (
        <p className="today-empty">{t('app.loading')}</p>
      ) : open.length === 0 ? (
        <p className="today-empty">{t('today.requests.none')}</p>
      ) : (
        <ul className="today-list">
          {open.map((booking) => (
            <Request key={booking.id} booking={booking} salon={salon} onDone={setSaid} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Request({ booking, salon, onDone }: { booking: Booking; salon: SalonPage; onDone: (said: string) => void }) {
  const t = useT();
  const when = useSalonTime(salon);
  const span = when.span(booking.start_at, booking.end_at);
  const answer = useApiMutation('put', '/api/bookings/{id}', {
    onSuccess: (_data, variables) =>
      onDone(
        t(variables.body.status === 'scheduled' ? 'today.requests.confirmed' : 'today.requests.declined', {
          client: booking.client_name,
          when: span,
        }),
      ),
  });
  const send = (status: 'scheduled' | 'cancelled') => {
    onDone('');
    answer.mutate({ params: { path: { id: booking.id } }, body: { status, version: booking.version } });
  };
  const about = t('today.requests.about', { client: booking.client_name, service: booking.service_name, when: span });
  return (
    <li>
      <span className="today-who">
        {about}
        <br />
        <span className="today-status">{t('today.requests.with', { staff: booking.staff_name })}</span>
      </span>
      <FailureAlert error={answer.error} words={{ codes: { booking_changed: 'today.requests.changed' } }} />
      <span className="today-actions" role="group" aria-label={about}>
        <SendButton sending={answer} onSend={() => send('scheduled')}>
          {t('today.requests.confirm')}
        </SendButton>
        <SendButton sending={answer} variant="secondary" onSend={() => send('cancelled')}>
          {t('today.requests.decline')}
        </SendButton>
      </span>
    </li>
  );
}
