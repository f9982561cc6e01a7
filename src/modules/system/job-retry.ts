import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/types.js';
import { conflict, notFound } from '../../lib/errors.js';
import { readJob } from './jobs-and-emails.js';

/*
 * The operator's retry of a job that failed, once the cause is mended (a mail server set up, a
 * provider back online). A `failed` job awaiting its next attempt runs now instead of after its
 * back-off; a `dead` one (no attempt left) gets one more attempt, now: one, not the whole
 * series again, so a job that keeps failing does not hammer what it calls. Any other job has
 * nothing to retry (409). The worker picks it up at its next poll, as any due job.
 */
export async function retryJob(db: Kysely<DB>, id: number) {
  const job = await db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', id).executeTakeFirst();
  if (!job) throw notFound('Job');
  const now = new Date().toISOString();
  try {
    // Guarded by the status read: a worker that claimed the job meanwhile leaves it unchanged here.
    const updated = await db
      .updateTable('jobs')
      .set(
        job.status === 'dead'
          ? { status: 'queued', run_at: now, max_attempts: job.attempts + 1, finished_at: null, updated_at: now }
          : { run_at: now, updated_at: now },
      )
      .where('id', '=', id)
      .where('status', '=', job.status)
      .where('status', 'in', ['failed', 'dead'])
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw conflict('job_not_failed', 'Only a failed job can be retried');
  } catch (error) {
    // A recurring job is queued again under its key meanwhile: that one will run, this one need not.
    if (isUniqueViolation(error)) throw conflict('job_already_queued', 'The same job is queued already');
    throw error;
  }
  const retried = await readJob(db, id);
  if (!retried) throw notFound('Job');
  return retried;
}
