import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import type { BookingStatus } from '../../db/types.js';
import { officeHref } from '../../lib/office-paths.js';

/** One appointment of a feed, as read from the bookings. Times are wall clock in the salon's zone. */
export interface FeedEvent {
  id: number;
  startAt: string;
  endAt: string;
  status: BookingStatus;
  sequence: number;
  /** UTC ISO: the event's last modification. */
  updatedAt: string;
  serviceName: string;
  clientName: string;
  staffName: string;
  locationName: string | null;
}

export interface FeedCalendar {
  /** The calendar's name as the subscribing app shows it. */
  name: string;
  timezone: string;
  /** The UIDs' domain: the salon's public host. */
  host: string;
  publicBaseUrl: string;
  /** The salon's feed names the member of each appointment. */
  showStaff: boolean;
  events: FeedEvent[];
}

/** How often a subscribing calendar should poll (REFRESH-INTERVAL / X-PUBLISHED-TTL). */
const REFRESH_MINUTES = 15;

/**
 * The feed as an iCalendar document (RFC 5545, a published calendar without METHOD). Each
 * appointment is its own event, UID per booking (a visit's parts may be with different
 * members), so an app updates an event in place when the appointment moves and drops it when
 * it leaves the feed. Times carry the salon's zone with its VTIMEZONE, as the booking emails'
 * invitations do; a provisional appointment is TENTATIVE. What an event shows of the client
 * is their name: enough for the agenda, nothing a member's phone need hold beyond it.
 */
export function feedCalendarText(feed: FeedCalendar): string {
  const zoned = getVtimezoneComponent(feed.timezone) !== null;
  const calendar = ical({
    name: feed.name,
    prodId: { company: 'Salon', product: 'Calendar feed', language: 'EN' },
    ttl: REFRESH_MINUTES * 60,
    timezone: zoned ? { name: feed.timezone, generator: getVtimezoneComponent } : null,
  });
  for (const event of feed.events) {
    const start = DateTime.fromFormat(event.startAt, 'yyyy-MM-dd HH:mm:ss', { zone: feed.timezone });
    const end = DateTime.fromFormat(event.endAt, 'yyyy-MM-dd HH:mm:ss', { zone: feed.timezone });
    const who = feed.showStaff ? `${event.clientName} (${event.staffName})` : event.clientName;
    calendar.createEvent({
      id: `booking-${event.id}@${feed.host}`,
      sequence: event.sequence,
      start: zoned ? start : start.toJSDate(),
      end: zoned ? end : end.toJSDate(),
      timezone: zoned ? feed.timezone : null,
      stamp: new Date(event.updatedAt),
      lastModified: new Date(event.updatedAt),
      summary: who ? `${event.serviceName}: ${who}` : event.serviceName,
      location: event.locationName,
      url: `${feed.publicBaseUrl}${officeHref.booking(event.id)}`,
      status: event.status === 'provisional' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
