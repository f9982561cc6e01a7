import type { SelectQueryBuilder } from 'kysely';
import type { Executor } from '../db/executor.js';
import type { DB } from '../db/types.js';

/**
 * The ids of up to `limit` due jobs, for the claiming UPDATE on PostgreSQL.
 *
 * Due means `queued` or `failed` (awaiting a retry) with `run_at` passed, or `running` with an
 * expired lease (its worker died). `FOR UPDATE SKIP LOCKED` locks the rows it picks and passes
 * over rows another claimer has locked, so any number of workers claim side by side without
 * waiting on each other and without two of them getting the same job. This is why the queue
 * keeps its own lock clause instead of `lockRows()`: skipping locked rows is what a claim
 * wants, while every other locking read wants to wait for the row.
 */
export function dueJobIdsPostgres(
  db: Executor,
  nowIso: string,
  limit: number,
): SelectQueryBuilder<DB, 'jobs', { id: number }> {
  return db
    .selectFrom('jobs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['queued', 'failed']), eb('run_at', '<=', nowIso)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', nowIso)]),
      ]),
    )
    .orderBy('run_at')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked();
}
