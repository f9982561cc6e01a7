import type { AppContext } from '../../context.js';
import { officeHref } from '../../lib/office-paths.js';
import type { JobHandler } from '../../jobs/types.js';
import { notice, notifyAdmins } from '../notifications/service.js';

/**
 * `sms.daily_limit_reached`: the salon's daily SMS budget was spent (sms/limits.ts; enqueued
 * by the one message that found it spent, so once a day): every admin hears of it in-app and
 * by email, per their preferences, to look for abuse or raise the limit.
 */
export function smsJobs(ctx: AppContext): { 'sms.daily_limit_reached': JobHandler<'sms.daily_limit_reached'> } {
  return {
    'sms.daily_limit_reached': async ({ day, limit }) => {
      const link = officeHref.smsOutbox();
      await ctx.db.transaction().execute((trx) =>
        notifyAdmins(trx, {
          type: 'sms.daily_limit_reached',
          title: notice('notification.sms_limit.title'),
          message: notice('notification.sms_limit.message', { limit, day: { date: day } }),
          link,
          email: {
            template: 'settings.sms_daily_limit',
            data: { day, limit, link: `${ctx.config.publicBaseUrl}${link}` },
          },
          push: false,
        }),
      );
    },
  };
}
