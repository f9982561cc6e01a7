import type { Executor } from '../../db/executor.js';
import { nowIso } from '../../lib/time.js';
import { queueEmails } from '../../mail/outbox.js';
import type { TemplateData, TemplateName } from '../../mail/templates/index.js';
import { queuePush } from '../../push/queue.js';
import { noticeWriter, type NoticeText } from './texts.js';
import { defaultPreference } from './types.js';
import type { OfficeHref } from '../../lib/office-paths.js';

/*
 * Telling every active admin about an event, in the caller's transaction, through the channels
 * each admin's preferences for its type allow.
 */

export interface AdminEvent<N extends TemplateName> {
  type: string;
  /** The words, from the catalogue: written in the salon's language (texts.ts). */
  title: NoticeText;
  message: NoticeText;
  /** The page the notification opens in the back office. */
  link?: OfficeHref | null;
  /** The email to send to admins whose preferences allow email for this type; omit for none. */
  email?: { template: N; data: TemplateData<N> };
  /**
   * Push to the devices of admins whose preferences allow push for this type (default true);
   * false sends none whatever the preferences (e.g. `booking_request_notify_push` off).
   */
  push?: boolean;
}

/**
 * Tells every active admin about an event, each through the channels their preferences
 * for its type allow (admin emails go to every admin, as their preferences allow):
 * in-app, email, and push to each of their registered devices.
 * Runs in the caller's transaction: the notification exists exactly when the event does.
 * A few queries whatever the number of admins, plus one insert per email and push job.
 */
export async function notifyAdmins<N extends TemplateName>(trx: Executor, event: AdminEvent<N>): Promise<void> {
  const admins = await trx
    .selectFrom('users')
    .leftJoin('notification_preferences as p', (join) =>
      join.onRef('p.user_id', '=', 'users.id').on('p.type', '=', event.type),
    )
    .select(['users.id', 'users.email', 'p.email as pref_email', 'p.push as pref_push', 'p.in_app as pref_in_app'])
    .where('users.role', '=', 'admin')
    .where('users.active', '=', 1)
    .orderBy('users.id')
    .execute();
  const fallback = defaultPreference(event.type);
  const { title, message } = (await noticeWriter(trx))(event.title, event.message);
  const now = nowIso();
  const inApp = admins.filter((admin) => (admin.pref_in_app ?? (fallback.in_app ? 1 : 0)) === 1);
  if (inApp.length > 0) {
    await trx
      .insertInto('notifications')
      .values(
        inApp.map((admin) => ({
          user_id: admin.id,
          type: event.type,
          title,
          message,
          link: event.link ?? null,
          is_read: 0,
          created_at: now,
        })),
      )
      .execute();
  }
  if (event.email) {
    const { template, data } = event.email;
    const emailTo = admins.filter((admin) => (admin.pref_email ?? (fallback.email ? 1 : 0)) === 1);
    await queueEmails(
      trx,
      emailTo.map((admin) => ({ to: admin.email, template, data })),
    );
  }
  if (event.push !== false) {
    const pushTo = admins.filter((admin) => (admin.pref_push ?? (fallback.push ? 1 : 0)) === 1).map((a) => a.id);
    await queuePush(trx, pushTo, {
      type: event.type,
      title,
      body: message,
      link: event.link ?? null,
    });
  }
}
