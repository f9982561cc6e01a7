import type { AppContext } from '../context.js';
import { sendEmailJob } from '../mail/send-job.js';
import { forgotPasswordJob } from '../modules/auth/jobs.js';
import { bookingJobs } from '../modules/bookings/jobs.js';
import type { JobHandlers } from './types.js';
import { Worker } from './worker.js';

/** Every job name mapped to its handler; the type makes a missing handler a compile error. */
export function createJobHandlers(ctx: AppContext): JobHandlers {
  return {
    'mail.send': sendEmailJob(ctx),
    'auth.forgot_password': forgotPasswordJob(ctx),
    ...bookingJobs(ctx),
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
  });
}
