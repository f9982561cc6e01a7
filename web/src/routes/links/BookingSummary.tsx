import { useId } from 'react';
import { useT, type MessageKey } from '../../i18n/i18n';
import type { SalonPage } from './LinkPage';
import { useSalonTime } from '../../ui/salon-time';
import { addressOf } from './when';

interface BookingShown {
  service_name: string;
  staff_name: string;
  start_at: string;
  end_at: string;
}

/** The appointment a link is about: what, with whom, when (salon time), where. */
export function BookingSummary({
  booking,
  salon,
  title = 'links.booking.title',
}: {
  booking: BookingShown;
  salon: SalonPage;
  /** The section's heading: "Your appointment" unless the page speaks of a visit past. */
  title?: MessageKey;
}) {
  const t = useT();
  const id = useId();
  const { span } = useSalonTime(salon);
  const address = addressOf(salon);
  return (
    <section aria-labelledby={id} className="summary booking-summary">
      <h2 id={id}>{t(title)}</h2>
      <dl>
        <div>
          <dt>{t('links.booking.service')}</dt>
          <dd>{booking.service_name}</dd>
        </div>
        <div>
          <dt>{t('links.booking.staff')}</dt>
          <dd>{booking.staff_name}</dd>
        </div>
        <div>
          <dt>{t('links.booking.when')}</dt>
          <dd>{span(booking.start_at, booking.end_at)}</dd>
        </div>
        {address && (
          <div>
            <dt>{t('links.booking.where')}</dt>
            <dd>{address}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
