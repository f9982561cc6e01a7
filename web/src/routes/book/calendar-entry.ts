/*
 * The booked appointment as an entry for the client's own calendar: an iCalendar file to
 * download, or a link that opens Google's or Outlook's "new event" form filled in. Each
 * carries only the salon's side of the appointment (what, where, when), never the client's
 * name, email or phone: those calendars are other companies' services.
 */

export interface CalendarEntry {
  title: string;
  location: string;
  start: Date;
  end: Date;
}

/** `20261201T090000Z`: the iCalendar and Google form of a UTC instant. */
function compact(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function googleCalendarUrl(entry: CalendarEntry): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: entry.title,
    dates: `${compact(entry.start)}/${compact(entry.end)}`,
    location: entry.location,
  });
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}

export function outlookCalendarUrl(entry: CalendarEntry): string {
  const query = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: entry.title,
    startdt: entry.start.toISOString(),
    enddt: entry.end.toISOString(),
    location: entry.location,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query.toString()}`;
}

/** A map search for the salon's address (opens the maps app on a phone). */
export function directionsUrl(address: string): string {
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query: address }).toString()}`;
}

/**
 * The .ics file, built by ical-generator (the same library the service's emails attach their
 * invitations with), fetched only when the client asks for the file.
 */
export async function icsFile(entry: CalendarEntry, uid: string): Promise<Blob> {
  const { default: ical } = await import('ical-generator');
  const calendar = ical({ prodId: { company: 'Salon', product: 'Booking page', language: 'EN' } });
  calendar.createEvent({
    id: uid,
    start: entry.start,
    end: entry.end,
    summary: entry.title,
    location: entry.location || null,
  });
  return new Blob([calendar.toString()], { type: 'text/calendar;charset=utf-8' });
}
