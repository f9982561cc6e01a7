import type { Booked } from '../../api/book';
import type { Schemas } from '../../api/client';
import { useT } from '../../i18n/i18n';
import { wallClockInstant } from '../../lib/datetime';
import { Button } from '../../ui/Button';
import { directionsUrl, googleCalendarUrl, icsFile, outlookCalendarUrl, type CalendarEntry } from './calendar-entry';

type SalonPage = Schemas['PublicSalonPage'];

/**
 * What a client does next: put the appointment in their calendar (a file, or Google's or
 * Outlook's form), find the way, and manage the booking later (their bookings page, where
 * signing in by an emailed link needs no password). Links leave an embedding site's frame.
 */
export function AfterBooking({ booked, page }: { booked: Booked; page: SalonPage }) {
  const t = useT();
  const address = [page.salon_address, [page.salon_postcode, page.salon_city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const entry: CalendarEntry = {
    title: t('book.after.entryTitle', { services: booked.service_names.join(', '), salon: page.salon_name }),
    location: address,
    start: wallClockInstant(booked.start_at, page.timezone),
    end: wallClockInstant(booked.end_at, page.timezone),
  };
  const download = async () => {
    const file = await icsFile(entry, `${booked.start_at.replace(/\D/g, '')}-${crypto.randomUUID()}@salon`);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = `${t('book.after.fileName')}.ics`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const away = { target: '_blank', rel: 'noopener noreferrer' } as const;

  return (
    <section className="after-booking" aria-labelledby="after-booking-title">
      <h3 id="after-booking-title">{t('book.after.calendar')}</h3>
      <ul className="after-links">
        <li>
          <Button variant="secondary" onPress={() => void download()}>
            {t('book.after.ics')}
          </Button>
        </li>
        <li>
          <a href={googleCalendarUrl(entry)} {...away}>
            {t('book.after.google')}
          </a>
        </li>
        <li>
          <a href={outlookCalendarUrl(entry)} {...away}>
            {t('book.after.outlook')}
          </a>
        </li>
      </ul>
      <ul className="after-links">
        {address && (
          <li>
            <a href={directionsUrl(address)} {...away}>
              {t('book.after.directions')}
            </a>
          </li>
        )}
        <li>
          <a href="/client/bookings" target="_top">
            {t('book.after.manage')}
          </a>
        </li>
      </ul>
    </section>
  );
}
