import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * The job claim reads each kind of due job (queued, awaiting a retry, lease expired) in claim
 * order from an index of its own and stops after the few it takes. The index on
 * (status, run_at) gave that order only up to `run_at`: a campaign's hundred thousand jobs
 * share one `run_at`, so PostgreSQL sorted all of them by id to take four. Partial indexes
 * hold just the rows of their kind, in (run_at, id) order, so a claim reads a handful of
 * entries however long the queue.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('jobs_queued_due')
    .on('jobs')
    .columns(['run_at', 'id'])
    .where(sql.ref('status'), '=', 'queued')
    .execute();
  await db.schema
    .createIndex('jobs_failed_due')
    .on('jobs')
    .columns(['run_at', 'id'])
    .where(sql.ref('status'), '=', 'failed')
    .execute();
  await db.schema
    .createIndex('jobs_running_lease')
    .on('jobs')
    .columns(['locked_until', 'id'])
    .where(sql.ref('status'), '=', 'running')
    .execute();
}
