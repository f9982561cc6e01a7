import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../jobs/types.js';
import { visitFrequencyAlertsJob } from './visit-alerts.js';

export { ensureVisitAlertsScheduled } from './visit-alerts.js';

/** The jobs of the clients module. */
export function clientJobs(ctx: AppContext): Pick<JobHandlers, 'clients.visit_frequency_alerts'> {
  return { 'clients.visit_frequency_alerts': visitFrequencyAlertsJob(ctx) };
}
