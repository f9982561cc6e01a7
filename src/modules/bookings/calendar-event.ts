import type { Config } from '../../config.js';
import type { Executor } from '../../db/executor.js';
import { DEFAULT_TIMEZONE } from '../../lib/time.js';
import type { CalendarEventData } from '../../mail/calendar.js';
import { chooseLanguage, formatMessage } from '../../messages/index.js';
import { readSettings } from '../settings/service.js';
import type { BookingJoinedRow } from './reads.js';

/**
 * The booking as the calendar event its client's emails attach, its UID fixed for the
 * booking's life, its SEQUENCE the booking's `ics_sequence` (raised by every move and by the
 * cancellation). A visit is one event from its first part's start to its last part's end,
 * UID per visit; its SEQUENCE is the sum of its parts' (any part's raise raises it).
 */
export async function bookingCalendarEvent(
  db: Executor,
  config: Pick<Config, 'publicBaseUrl'>,
  row: BookingJoinedRow & { client_email: string },
  visitParts: BookingJoinedRow[] = [row],
): Promise<CalendarEventData> {
  const settings = await readSettings(db);
  // The event's texts in the language of the email that carries it (the outbox's choice).
  const client = await db.selectFrom('clients').select('language').where('id', '=', row.client_id).executeTakeFirst();
  const language = chooseLanguage(client?.language, settings.language);
  const parts = row.visit_id === null || visitParts.length === 0 ? [row] : visitParts;
  const sequences =
    row.visit_id === null
      ? await db.selectFrom('bookings').select('ics_sequence').where('id', '=', row.id).execute()
      : await db.selectFrom('bookings').select('ics_sequence').where('visit_id', '=', row.visit_id).execute();
  const sequence = sequences.reduce((sum, part) => sum + part.ics_sequence, 0);
  const salonName = settings.salon_name || 'Salon';
  const place = [settings.salon_postcode, settings.salon_city].filter(Boolean).join(' ');
  const host = new URL(config.publicBaseUrl).hostname;
  const services = parts.map((part) => part.service_name).join(', ');
  return {
    uid: row.visit_id === null ? `booking-${row.id}@${host}` : `visit-${row.visit_id}@${host}`,
    sequence,
    startAt: parts[0]!.start_at,
    endAt: parts.reduce((max, part) => (part.end_at > max ? part.end_at : max), parts[0]!.end_at),
    timezone: settings.timezone || DEFAULT_TIMEZONE,
    summary: formatMessage(language, 'calendar.summary', { service: services, salon_name: salonName }),
    location: [settings.salon_address, place].filter(Boolean).join(', '),
    description: [
      ...parts.map((part) =>
        formatMessage(language, 'booking.details.part', { service: part.service_name, staff: part.staff_name }),
      ),
      ...(settings.salon_phone ? [formatMessage(language, 'layout.phone', { phone: settings.salon_phone })] : []),
    ].join('\n'),
    organizer: settings.salon_email ? { name: salonName, email: settings.salon_email } : null,
    attendee: { name: row.client_name, email: row.client_email },
  };
}
