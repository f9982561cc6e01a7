import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';

/**
 * One appointment as a calendar event, kept in the email's data so the .ics is built when the
 * email is sent. Times are wall-clock `YYYY-MM-DD HH:MM:SS` in `timezone` (the salon's zone).
 */
export interface CalendarEventData {
  /** The same for every email about one appointment: calendar apps match updates by it. */
  uid: string;
  /** Raised with every revision; an app ignores an update whose SEQUENCE is not higher. */
  sequence: number;
  startAt: string;
  endAt: string;
  timezone: string;
  summary: string;
  location: string;
  description: string;
  organizer: { name: string; email: string } | null;
  attendee: { name: string; email: string };
}

/** REQUEST adds or updates the event in the recipient's calendar; CANCEL removes it. */
export type CalendarMethod = 'REQUEST' | 'CANCEL';

/** An email's calendar part: its iTIP method and the iCalendar text. */
export interface CalendarPart {
  method: CalendarMethod;
  content: string;
}

const wallClock = (value: string, zone: string) => DateTime.fromFormat(value, 'yyyy-MM-dd HH:mm:ss', { zone });

export function calendarPart(event: CalendarEventData, method: CalendarMethod): CalendarPart {
  const calendar = ical({
    prodId: { company: 'Salon', product: 'Appointments', language: 'EN' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    // DTSTART and DTEND carry the salon's zone (TZID) and its VTIMEZONE definition, so the
    // appointment stays at the salon's time across daylight-saving changes.
    // No calendar-wide zone (DTSTAMP then stays UTC); the generator still writes the event's.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  const start = wallClock(event.startAt, event.timezone);
  const end = wallClock(event.endAt, event.timezone);
  // A zone without a known VTIMEZONE definition: UTC instants, which every app reads alike.
  const zoned = getVtimezoneComponent(event.timezone) !== null;
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    start: zoned ? start : start.toJSDate(),
    end: zoned ? end : end.toJSDate(),
    timezone: zoned ? event.timezone : null,
    summary: event.summary,
    location: event.location || null,
    description: event.description,
    organizer: event.organizer,
    attendees: [
      {
        email: event.attendee.email,
        name: event.attendee.name,
        role: ICalAttendeeRole.REQ,
        // Booked already: nothing for the client to accept or decline in their calendar.
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return { method, content: calendar.toString() };
}
