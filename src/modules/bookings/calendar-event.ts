import type { Config } from '../../config.js';
import type { Executor } from '../../db/executor.js';
import { DEFAULT_TIMEZONE } from '../../lib/time.js';
import type { CalendarEventData } from '../../mail/calendar.js';
import { readSettings } from '../settings/service.js';
import type { BookingJoinedRow } from './reads.js';

/**
 * The booking as the calendar event its client's emails attach: one event per booking (each
 * part of a visit is its own), its UID fixed for the booking's life, its SEQUENCE the
 * booking's `ics_sequence` (raised by every move and by the cancellation).
 */
export async function bookingCalendarEvent(
  db: Executor,
  config: Pick<Config, 'publicBaseUrl'>,
  row: BookingJoinedRow & { client_email: string },
): Promise<CalendarEventData> {
  const settings = await readSettings(db);
  const { ics_sequence } = await db
    .selectFrom('bookings')
    .select('ics_sequence')
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow();
  const salonName = settings.salon_name || 'Salon';
  const place = [settings.salon_postcode, settings.salon_city].filter(Boolean).join(' ');
  return {
    uid: `booking-${row.id}@${new URL(config.publicBaseUrl).hostname}`,
    sequence: ics_sequence,
    startAt: row.start_at,
    endAt: row.end_at,
    timezone: settings.timezone || DEFAULT_TIMEZONE,
    summary: `${row.service_name} at ${salonName}`,
    location: [settings.salon_address, place].filter(Boolean).join(', '),
    description:
      `${row.service_name} with ${row.staff_name}` + (settings.salon_phone ? `\nPhone: ${settings.salon_phone}` : ''),
    organizer: settings.salon_email ? { name: salonName, email: settings.salon_email } : null,
    attendee: { name: row.client_name, email: row.client_email },
  };
}
