import { sql, type RawBuilder } from 'kysely';

/**
 * The ids of up to `limit` due jobs, for the claiming UPDATE on SQLite.
 *
 * The same rows as on PostgreSQL (claim-postgres.ts): `queued` or `failed` with `run_at`
 * passed, or `running` with an expired lease (not one this worker still runs), oldest `run_at`
 * first. SQLite has no row locks
 * and needs none here: the claiming UPDATE is one statement, hence one write transaction, and
 * write transactions are exclusive, so claimers take turns and never share a job.
 *
 * Written by hand for speed: each kind is read in order from its own index and only `limit` of
 * each, instead of every due job gathered and sorted. The one-query form took 19 ms a claim
 * with 100,000 campaign jobs queued, which capped a campaign at ~100 emails a second
 * (bench/README.md).
 */
export function dueJobIdsSqlite(nowIso: string, limit: number, workerId: string): RawBuilder<number> {
  return sql<number>`(select id from (
      select id, run_at from (select id, run_at from jobs where status = 'queued' and run_at <= ${nowIso} order by run_at, id limit ${limit})
      union all
      select id, run_at from (select id, run_at from jobs where status = 'failed' and run_at <= ${nowIso} order by run_at, id limit ${limit})
      union all
      select id, run_at from (select id, run_at from jobs where status = 'running' and locked_until < ${nowIso} and locked_by <> ${workerId} order by run_at, id limit ${limit})
    ) order by run_at, id limit ${limit})`;
}
