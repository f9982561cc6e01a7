import type { Config } from '../../config.js';
import type { Executor } from '../../db/executor.js';
import { readTimezone } from '../../db/settings.js';
import type { CalendarFeedScope } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, notFound } from '../../lib/errors.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { CalendarFeedInput, CalendarFeedOutput } from './schemas.js';

/*
 * Making, listing and revoking calendar feeds. The address carries the token, stored only as its
 * hash, so the answer that makes a feed is the one place its address is shown.
 */

const forbidden = (message: string) => new AppError(403, 'forbidden', message);

export interface CreatedFeed extends CalendarFeedOutput {
  url: string;
}

/**
 * A new feed. Anyone signed in makes one of their own agenda; an admin also makes one of
 * another member's agenda or of the whole salon. The token is in the answer's `url` only.
 */
export async function createFeed(
  db: Executor,
  config: Pick<Config, 'publicBaseUrl'>,
  actor: AuthUser,
  input: CalendarFeedInput,
): Promise<CreatedFeed> {
  const scope: CalendarFeedScope = input.scope ?? 'staff';
  let ownerId = actor.id;
  if (scope === 'salon') {
    if (actor.role !== 'admin') throw forbidden('Only an admin can subscribe to the whole salon’s calendar');
    if (input.staff_id !== undefined) {
      throw new AppError(400, 'validation_error', 'staff_id belongs to a staff feed', [
        { field: 'staff_id', message: 'must be absent for a salon feed' },
      ]);
    }
  } else if (input.staff_id !== undefined && input.staff_id !== actor.id) {
    if (actor.role !== 'admin') throw forbidden('A member subscribes to their own agenda only');
    ownerId = input.staff_id;
  }
  const owner = await db
    .selectFrom('users')
    .select(['id', 'name', 'active'])
    .where('id', '=', ownerId)
    .executeTakeFirst();
  if (!owner || owner.active !== 1) throw notFound('Staff member');

  const token = randomToken();
  const createdAt = nowIso();
  const name = input.name ?? (scope === 'salon' ? 'Salon' : owner.name);
  const { id } = await db
    .insertInto('calendar_feeds')
    .values({
      scope,
      user_id: owner.id,
      token_hash: hashToken(token),
      name,
      created_by: actor.id,
      created_at: createdAt,
      last_used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const timezone = await readTimezone(db);
  return {
    id,
    scope,
    name,
    user_id: owner.id,
    user_name: owner.name,
    created_at: formatInstant(createdAt, timezone),
    last_used_at: null,
    url: feedUrl(config, token),
  };
}

export function feedUrl(config: Pick<Config, 'publicBaseUrl'>, token: string): string {
  return `${config.publicBaseUrl}/api/calendar-feeds/${encodeURIComponent(token)}/calendar.ics`;
}

/** The feeds the actor may see: their own; every feed for an admin. Newest first. */
export async function listFeeds(db: Executor, actor: AuthUser): Promise<CalendarFeedOutput[]> {
  let query = db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.id', 'f.scope', 'f.name', 'f.user_id', 'u.name as user_name', 'f.created_at', 'f.last_used_at'])
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc');
  if (actor.role !== 'admin') query = query.where('f.user_id', '=', actor.id);
  const [rows, timezone] = await Promise.all([query.execute(), readTimezone(db)]);
  return rows.map((row) => ({
    ...row,
    created_at: formatInstant(row.created_at, timezone),
    last_used_at: formatInstant(row.last_used_at, timezone),
  }));
}

/** Revokes a feed: its address answers 404 from now on. Another member's feed is 404 to a non-admin. */
export async function revokeFeed(db: Executor, actor: AuthUser, id: number): Promise<void> {
  let query = db.deleteFrom('calendar_feeds').where('id', '=', id);
  if (actor.role !== 'admin') query = query.where('user_id', '=', actor.id);
  const result = await query.executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('Calendar feed');
}
