import { backupJob, ensureBackupScheduled } from './backup/job.js';
import type { AppContext } from './context.js';
import type { JobHandlers } from './jobs/types.js';
import { Worker } from './jobs/worker.js';
import { sendEmailJob } from './mail/send-job.js';
import { authJobs } from './modules/auth/jobs.js';
import { bookingJobs } from './modules/bookings/jobs.js';
import { campaignJobs, ensureSeasonalPromotionsScheduled } from './modules/campaigns/jobs.js';
import { registerCampaignEmailTemplate } from './modules/campaigns/service.js';
import { bookingsOfClient, clientBookingPage, clientBookingStats } from './modules/bookings/service.js';
import { clientJobs, ensureVisitAlertsScheduled } from './modules/clients/jobs.js';
import { registerClientBookingReads, registerClientExportSection } from './modules/clients/service.js';
import { paymentJobs } from './modules/payments/jobs.js';
import { depositSettled, noshowFeeSettled, registerSettlementHandler } from './modules/payments/service.js';
import { posOrderPaymentSettled, registerReceiptEmailTemplate } from './modules/pos/service.js';
import { publicJobs } from './modules/public/jobs.js';
import { smsJobs } from './modules/sms/jobs.js';
import { waitlistOfClient } from './modules/waitlist/service.js';
import { webhookJobs } from './modules/webhooks/jobs.js';
import { sendPushJob } from './push/send-job.js';
import { sendSmsJob } from './sms/send-job.js';
import { metricsFor } from './modules/system/service.js';

/*
 * The composition root: the one place that hands the low layers (queue, mail, payments'
 * settlement) what the feature modules contribute. The low layers never import a module;
 * they are given its handlers here, so the dependency points one way only.
 */

/**
 * Registers the modules' contributions to shared registries: payment settlement per purpose,
 * feature-owned email templates, the client export's sections held by other modules and the
 * bookings a client's history shows.
 * Plain assignments, so calling it again (every app and worker built in one test process)
 * changes nothing.
 */
export function wireModules(): void {
  registerSettlementHandler('pos_order', posOrderPaymentSettled);
  registerSettlementHandler('noshow_fee', noshowFeeSettled);
  registerSettlementHandler('deposit', depositSettled);
  registerCampaignEmailTemplate();
  registerReceiptEmailTemplate();
  registerClientExportSection('bookings', bookingsOfClient);
  registerClientExportSection('waitlist', waitlistOfClient);
  registerClientBookingReads({ stats: clientBookingStats, page: clientBookingPage });
}

/** Every job name mapped to its handler; the type makes a missing handler a compile error. */
export function createJobHandlers(ctx: AppContext): JobHandlers {
  return {
    'mail.send': sendEmailJob(ctx),
    'push.send': sendPushJob(ctx),
    'sms.send': sendSmsJob(ctx),
    ...authJobs(ctx),
    ...clientJobs(ctx),
    ...bookingJobs(ctx),
    ...paymentJobs(ctx),
    ...campaignJobs(ctx),
    ...publicJobs(ctx),
    ...smsJobs(ctx),
    ...webhookJobs(ctx),
    'system.backup': backupJob(ctx),
  };
}

export function createWorker(ctx: AppContext, handlers: JobHandlers = createJobHandlers(ctx)): Worker {
  wireModules();
  return new Worker({
    db: ctx.db,
    dialect: ctx.dialect,
    handlers,
    log: ctx.log.child({ component: 'worker' }),
    leaseMs: ctx.config.jobLeaseSeconds * 1000,
    pollMs: ctx.config.jobPollMs,
    concurrency: ctx.config.jobConcurrency,
    onJobFinished: metricsFor(ctx)?.jobFinished,
    scheduleRecurring: async () => {
      await ensureVisitAlertsScheduled(ctx);
      await ensureSeasonalPromotionsScheduled(ctx);
      await ensureBackupScheduled(ctx);
    },
  });
}
