import type { Config } from '../../config.js';
import type { Executor } from '../../db/executor.js';
import { readSalonName, readTimezone } from '../../db/settings.js';
import { notFound } from '../../lib/errors.js';
import { formatInstant } from '../../lib/time.js';
import { hashToken } from '../../lib/tokens.js';
import { feedCalendarText, type FeedEvent } from './ics.js';

/*
 * The iCal document a feed's address answers. What a feed shows is bounded in time, so a poll
 * never reads a whole year of a busy salon.
 */

/** The window a feed covers, around today (salon zone): enough for a phone's agenda. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 180;

/** At most this many events per feed (the salon's on a busy chain); the earliest kept. */
export const FEED_MAX_EVENTS = 5000;

/** last_used_at is written at most this often: a calendar polls every few minutes. */
const LAST_USED_PRECISION_MS = 60 * 60 * 1000;

/**
 * The iCal document of the feed whose token is `token`, or 404: unknown or revoked token,
 * owner deactivated, or a salon feed whose owner is no longer an admin.
 */
export async function feedDocument(
  db: Executor,
  config: Pick<Config, 'publicBaseUrl'>,
  token: string,
  now: Date = new Date(),
): Promise<string> {
  const feed = await db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.id', 'f.scope', 'f.user_id', 'f.name', 'f.last_used_at', 'u.active', 'u.role', 'u.name as user_name'])
    .where('f.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!feed || feed.active !== 1 || (feed.scope === 'salon' && feed.role !== 'admin')) throw notFound('Calendar feed');

  if (!feed.last_used_at || now.getTime() - Date.parse(feed.last_used_at) >= LAST_USED_PRECISION_MS) {
    await db.updateTable('calendar_feeds').set({ last_used_at: now.toISOString() }).where('id', '=', feed.id).execute();
  }
  const [timezone, salonName] = await Promise.all([readTimezone(db), readSalonName(db)]);
  const events = await feedEvents(db, feed.scope === 'staff' ? feed.user_id : null, timezone, now);
  return feedCalendarText({
    name: feed.scope === 'salon' ? salonName : `${salonName}: ${feed.user_name}`,
    timezone,
    host: new URL(config.publicBaseUrl).hostname,
    publicBaseUrl: config.publicBaseUrl,
    showStaff: feed.scope === 'salon',
    events,
  });
}

/** Wall-clock `YYYY-MM-DD 00:00:00` of the day `days` from today in the salon's zone. */
function dayBoundary(timezone: string, now: Date, days: number): string {
  const today = formatInstant(now.toISOString(), timezone).slice(0, 10);
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return `${date.toISOString().slice(0, 10)} 00:00:00`;
}

/**
 * The appointments in the feed's window, earliest first: every status but cancelled (a
 * cancelled appointment leaves the feed, and calendars drop it at their next poll). Read by
 * the (staff_id, start_at) index for a member, by start for the salon.
 */
async function feedEvents(db: Executor, staffId: number | null, timezone: string, now: Date): Promise<FeedEvent[]> {
  let query = db
    .selectFrom('bookings as b')
    .innerJoin('services as s', 's.id', 'b.service_id')
    .innerJoin('users as u', 'u.id', 'b.staff_id')
    .leftJoin('locations as l', 'l.id', 'b.location_id')
    // The client's name by primary-key lookups per row rather than a join (a join let
    // PostgreSQL hash the whole clients table for a few hundred rows).
    .select((eb) =>
      eb.selectFrom('clients as c').whereRef('c.id', '=', 'b.client_id').select('c.name').as('client_name'),
    )
    .select([
      'b.id',
      'b.start_at',
      'b.end_at',
      'b.status',
      'b.updated_at',
      'b.ics_sequence',
      's.name as service_name',
      'u.name as staff_name',
      'l.name as location_name',
    ])
    .where('b.start_at', '>=', dayBoundary(timezone, now, -FEED_DAYS_BACK))
    .where('b.start_at', '<', dayBoundary(timezone, now, FEED_DAYS_AHEAD + 1))
    .where('b.status', '!=', 'cancelled')
    .orderBy('b.start_at')
    .orderBy('b.id')
    .limit(FEED_MAX_EVENTS);
  if (staffId !== null) query = query.where('b.staff_id', '=', staffId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    startAt: row.start_at,
    endAt: row.end_at,
    status: row.status,
    sequence: row.ics_sequence,
    updatedAt: row.updated_at,
    serviceName: row.service_name,
    clientName: row.client_name ?? '',
    staffName: row.staff_name,
    locationName: row.location_name,
  }));
}
