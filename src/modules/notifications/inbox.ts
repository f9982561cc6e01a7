import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, NotificationsTable } from '../../db/types.js';
import { paginate, type Page } from '../../http/pagination.js';
import type { Executor } from '../../db/executor.js';
import { notFound } from '../../lib/errors.js';
import { formatInstant } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { NotificationListInput, NotificationOutput } from './schemas.js';

/*
 * A user's in-app notifications. Every function takes the caller's user id and touches only
 * that user's rows: another user's notification answers exactly like an absent one (404), so
 * ids cannot be probed.
 */

type NotificationRow = Selectable<NotificationsTable>;

function toNotification(row: NotificationRow, timezone: string): NotificationOutput {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    is_read: row.is_read === 1 ? 1 : 0,
    created_at: formatInstant(row.created_at, timezone),
  };
}

function isTrue(value: NotificationListInput['unread_only']): boolean {
  return value === 'true' || value === '1';
}

/**
 * Newest first (by id: rows of one instant keep their insertion order). The type filter is a
 * literal, case-sensitive prefix compared with substr rather than LIKE: `%` and `_` then
 * match only themselves, and SQLite's case-insensitive LIKE cannot make the two engines
 * disagree. The user's index (`user_id, id`) still narrows the rows first.
 */
export async function listNotifications(
  db: Kysely<DB>,
  userId: number,
  filter: NotificationListInput,
): Promise<NotificationOutput[] | Page<NotificationOutput>> {
  const timezone = await readTimezone(db);
  let base = db.selectFrom('notifications').where('user_id', '=', userId);
  if (isTrue(filter.unread_only)) base = base.where('is_read', '=', 0);
  if (filter.type !== undefined) {
    const prefix = filter.type;
    // Both engines count characters (code points), not UTF-16 units.
    const length = [...prefix].length;
    base = base.where(sql<string>`substr(type, 1, ${sql.lit(length)})`, '=', prefix);
  }
  const query = base.selectAll().orderBy('id', 'desc');
  const count = async () => Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return paginate(query, count, filter, (row) => toNotification(row, timezone));
}

export async function countUnread(db: Kysely<DB>, userId: number): Promise<{ count: number }> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n) };
}

/** Marking an already read notification read again is a 200 that changes nothing. */
export async function markRead(db: Kysely<DB>, userId: number, id: number): Promise<NotificationOutput> {
  const row = await db
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Notification');
  return toNotification(row, await readTimezone(db));
}

export async function markAllRead(db: Kysely<DB>, userId: number): Promise<{ ok: true; updated: number }> {
  const result = await db
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirst();
  return { ok: true, updated: Number(result.numUpdatedRows) };
}

export async function deleteNotification(db: Executor, userId: number, id: number): Promise<void> {
  const result = await db
    .deleteFrom('notifications')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound('Notification');
}
