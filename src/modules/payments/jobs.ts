import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../jobs/types.js';
import { noshowFeeJob } from './noshow.js';

/** The jobs of the payments module. */
export function paymentJobs(ctx: AppContext): Pick<JobHandlers, 'payments.noshow_fee'> {
  return { 'payments.noshow_fee': noshowFeeJob(ctx) };
}
