import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../jobs/types.js';
import { deliverWebhookJob } from './delivery.js';

export function webhookJobs(ctx: AppContext): Pick<JobHandlers, 'webhook.deliver'> {
  return { 'webhook.deliver': deliverWebhookJob(ctx) };
}
