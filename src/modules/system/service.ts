/*
 * The system module's one entry for other modules (and its routes). The module is split by
 * subject:
 *
 *   metrics.ts          the Prometheus metrics, for the app's request hook and the worker's job runs
 *   jobs-and-emails.ts  the operator's lists of the job queue and the email outbox
 *   job-retry.ts        retrying a failed job now
 *   email-preview.ts    one outbox email with its message as the mail server receives it
 */

export { listEmails, listJobs } from './jobs-and-emails.js';
export { retryJob } from './job-retry.js';
export { metricsFor, registerRequestMetrics, type Metrics } from './metrics.js';
