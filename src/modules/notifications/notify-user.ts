import type { Executor } from '../../db/executor.js';
import { nowIso } from '../../lib/time.js';
import { queuePush } from '../../push/queue.js';
import { noticeWriter, type NoticeText } from './texts.js';
import { defaultPreference, type NotificationType } from './types.js';
import type { OfficeHref } from '../../lib/office-paths.js';

/*
 * Telling one user about an event, and taking an event's notifications back from every inbox, in
 * the caller's transaction.
 */

export interface UserNotification {
  type: NotificationType;
  /** The words, from the catalogue: written in the salon's language (texts.ts). */
  title: NoticeText;
  message: NoticeText;
  /** The page the notification opens in the back office. */
  link?: OfficeHref | null;
}

/**
 * Tells one user: in their inbox unless their `in_app` preference for the type is off, and on
 * their registered devices when their `push` preference is on (the type's default applies
 * when they never chose). Runs in the caller's transaction, like notifyAdmins. Returns the
 * new notification's id, or null when none was put in the inbox. Email is the caller's
 * business (what a staff member is emailed differs per event).
 */
export async function notifyUser(
  trx: Executor,
  userId: number,
  notification: UserNotification,
): Promise<number | null> {
  const stored = await trx
    .selectFrom('notification_preferences')
    .select(['in_app', 'push'])
    .where('user_id', '=', userId)
    .where('type', '=', notification.type)
    .executeTakeFirst();
  const fallback = defaultPreference(notification.type);
  const push = stored ? stored.push === 1 : fallback.push;
  const inApp = stored ? stored.in_app === 1 : fallback.in_app;
  if (!push && !inApp) return null;
  const { title, message } = (await noticeWriter(trx))(notification.title, notification.message);
  if (push) {
    await queuePush(trx, [userId], {
      type: notification.type,
      title,
      body: message,
      link: notification.link ?? null,
    });
  }
  if (!inApp) return null;
  const row = await trx
    .insertInto('notifications')
    .values({
      user_id: userId,
      type: notification.type,
      title,
      message,
      link: notification.link ?? null,
      is_read: 0,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Takes back the inbox notifications of one event (its type and link) from every inbox, in
 * the caller's transaction: what they announced no longer holds.
 */
export async function withdrawNotifications(trx: Executor, type: NotificationType, link: OfficeHref): Promise<void> {
  await trx.deleteFrom('notifications').where('type', '=', type).where('link', '=', link).execute();
}
