import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../jobs/types.js';
import { depositReleaseJob } from './deposits.js';
import { noshowFeeJob } from './noshow.js';

/** The jobs of the payments module. */
export function paymentJobs(ctx: AppContext): Pick<JobHandlers, 'payments.noshow_fee' | 'payments.deposit_release'> {
  return { 'payments.noshow_fee': noshowFeeJob(ctx), 'payments.deposit_release': depositReleaseJob(ctx) };
}
