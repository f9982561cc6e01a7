import { useState } from 'react';
import { $api } from '../../api/client';
import { useT } from '../../i18n/i18n';
import { LinkButton } from '../../ui/LinkButton';
import { Loading, LoadError } from '../../ui/PageStates';
import { BookingItem } from './BookingItem';
import { useFlash } from './flash';
import { PageHeading } from './PageHeading';
import { RequireClient } from './RequireClient';
import './account.css';

/**
 * /client/bookings: the client's upcoming bookings (to cancel or move), then the past and
 * cancelled ones. A booking cancelled here moves to the second list, the focus with it, and
 * the notice offers to book another time.
 */
export default function BookingsPage() {
  return <RequireClient>{() => <Bookings />}</RequireClient>;
}

function Bookings() {
  const t = useT();
  const flashed = useFlash();
  const [said, setSaid] = useState<string | null>(null);
  const [cancelledId, setCancelledId] = useState<number | null>(null);
  const message = said ?? flashed;
  const cancelled = (text: string, id: number) => {
    setSaid(text);
    setCancelledId(id);
  };
  const page = $api.useQuery('get', '/api/public/salon-page');
  const upcoming = $api.useQuery('get', '/api/public/me/bookings', { params: { query: { scope: 'upcoming' } } });
  const past = $api.useQuery('get', '/api/public/me/bookings', { params: { query: { scope: 'past' } } });

  const body = () => {
    if (page.isError || upcoming.isError || past.isError) {
      return (
        <LoadError
          retry={() => {
            void page.refetch();
            void upcoming.refetch();
            void past.refetch();
          }}
        />
      );
    }
    if (!page.data || !upcoming.data || !past.data) return <Loading />;
    return (
      <>
        <section className="step" aria-labelledby="bookings-upcoming">
          <h2 id="bookings-upcoming">{t('account.bookings.upcoming')}</h2>
          {upcoming.data.length === 0 ? (
            <p>{t('account.bookings.noneUpcoming')}</p>
          ) : (
            <ul className="booking-list">
              {upcoming.data.map((booking) => (
                <BookingItem key={booking.id} booking={booking} page={page.data} upcoming onCancelled={cancelled} />
              ))}
            </ul>
          )}
          <LinkButton href="/book">{t('account.bookings.book')}</LinkButton>
        </section>
        <section className="step" aria-labelledby="bookings-past">
          <h2 id="bookings-past">{t('account.bookings.past')}</h2>
          {past.data.length === 0 ? (
            <p>{t('account.bookings.nonePast')}</p>
          ) : (
            <ul className="booking-list">
              {past.data.map((booking) => (
                <BookingItem
                  key={booking.id}
                  booking={booking}
                  page={page.data}
                  upcoming={false}
                  onCancelled={cancelled}
                  focusOnShow={booking.id === cancelledId}
                />
              ))}
            </ul>
          )}
        </section>
      </>
    );
  };

  return (
    <>
      <PageHeading>{t('account.bookings.title')}</PageHeading>
      <div role="status" className={message ? 'notice' : undefined}>
        {message && <p>{message}</p>}
        {said && cancelledId !== null && (
          <p>
            <a href="/book">{t('account.bookings.bookAgain')}</a>
          </p>
        )}
      </div>
      {body()}
    </>
  );
}
