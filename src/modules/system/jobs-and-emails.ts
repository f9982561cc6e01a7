import { sql, type Kysely } from 'kysely';
import type { DB, JobStatus } from '../../db/types.js';
import { paginate, type PageRequest } from '../../http/pagination.js';
import { formatInstant } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';

/* The operator's lists of the job queue and the email outbox, newest first, a page at a time. */

export async function listJobs(
  db: Kysely<DB>,
  filter: { name?: string | undefined; status?: JobStatus | undefined } & PageRequest,
) {
  const timezone = await readTimezone(db);
  let base = db.selectFrom('jobs');
  if (filter.name) base = base.where('name', '=', filter.name);
  if (filter.status) base = base.where('status', '=', filter.status);
  const query = base.select(JOB_COLUMNS).orderBy('id', 'desc');
  const count = async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  return paginate(query, count, filter, (job) => toJob(job, timezone));
}

const JOB_COLUMNS = ['id', 'name', 'status', 'run_at', 'attempts', 'last_error', 'payload', 'created_at'] as const;

function toJob<R extends { payload: string; run_at: string; created_at: string }>(job: R, timezone: string) {
  return {
    ...job,
    payload: JSON.parse(job.payload) as unknown,
    run_at: formatInstant(job.run_at, timezone),
    created_at: formatInstant(job.created_at, timezone),
  };
}

/** One job as the list shows it; undefined when there is none. */
export async function readJob(db: Kysely<DB>, id: number) {
  const job = await db.selectFrom('jobs').select(JOB_COLUMNS).where('id', '=', id).executeTakeFirst();
  return job && toJob(job, await readTimezone(db));
}

export async function listEmails(db: Kysely<DB>, filter: { to?: string | undefined } & PageRequest) {
  const timezone = await readTimezone(db);
  let base = db.selectFrom('emails');
  if (filter.to) base = base.where(sql`lower(recipient)`, '=', filter.to.trim().toLowerCase());
  const query = base
    .select(['id', 'recipient', 'subject', 'template', 'status', 'error', 'created_at', 'sent_at'])
    .orderBy('id', 'desc');
  const count = async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  return paginate(query, count, filter, ({ recipient, ...email }) => ({
    ...email,
    to: recipient,
    created_at: formatInstant(email.created_at, timezone),
    sent_at: formatInstant(email.sent_at, timezone),
  }));
}
