import type { AppContext } from '../context.js';
import { sendEmailJob } from '../mail/send-job.js';
import { forgotPasswordJob } from '../modules/auth/jobs.js';
import { bookingJobs } from '../modules/bookings/jobs.js';
import { noshowFeeJob } from '../payments/noshow.js';
import { campaignJobs, ensureSeasonalPromotionsScheduled } from '../modules/campaigns/jobs.js';
import { ensureVisitAlertsScheduled, visitFrequencyAlertsJob } from '../modules/clients/visit-alerts.js';
import { publicJobs } from '../modules/public/jobs.js';
import { sendPushJob } from '../push/send-job.js';
import type { JobHandlers } from './types.js';
import { Worker } from './worker.js';

/** Every job name mapped to its handler; the type makes a missing handler a compile error. */
export function createJobHandlers(ctx: AppContext): JobHandlers {
  return {
    'mail.send': sendEmailJob(ctx),
    'auth.forgot_password': forgotPasswordJob(ctx),
    'push.send': sendPushJob(ctx),
    'clients.visit_frequency_alerts': visitFrequencyAlertsJob(ctx),
    ...bookingJobs(ctx),
    'payments.noshow_fee': noshowFeeJob(ctx),
    ...campaignJobs(ctx),
    ...publicJobs(ctx),
  };
}

export function createWorker(ctx: AppContext, handlers: JobHandlers = createJobHandlers(ctx)): Worker {
  return new Worker({
    db: ctx.db,
    dialect: ctx.dialect,
    handlers,
    log: ctx.log.child({ component: 'worker' }),
    leaseMs: ctx.config.jobLeaseSeconds * 1000,
    pollMs: ctx.config.jobPollMs,
    concurrency: ctx.config.jobConcurrency,
    scheduleRecurring: async () => {
      await ensureVisitAlertsScheduled(ctx);
      await ensureSeasonalPromotionsScheduled(ctx);
    },
  });
}
