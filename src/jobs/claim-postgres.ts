import { sql, type RawBuilder } from 'kysely';

/**
 * The ids of up to `limit` due jobs, for the claiming UPDATE on PostgreSQL.
 *
 * Due means `queued` or `failed` (awaiting a retry) with `run_at` passed, or `running` with an
 * expired lease (its worker died). Each kind is read in claim order from its own partial index
 * (migration 0028) and only `limit` of each, then the oldest `limit` of those are taken: a
 * handful of index entries per claim however long the queue. One query over all due jobs,
 * sorted to take four, took PostgreSQL most of a campaign's time with 100,000 jobs queued.
 *
 * `FOR UPDATE SKIP LOCKED` in each kind's read locks the rows it picks and passes over rows
 * another claimer holds, so any number of workers claim side by side without waiting on each
 * other and without two of them getting the same job. PostgreSQL refuses a row lock inside a
 * UNION, hence one CTE per kind. A row read but not among the `limit` taken stays locked only
 * until this statement's transaction ends, and is left as it was. The statuses are literals,
 * not parameters, so the planner matches the partial indexes whatever plan it caches. A job
 * whose lease lapsed while this worker still runs it (a late heartbeat) is not taken over by
 * this worker itself: that would run it twice at once in one process.
 */
export function dueJobIdsPostgres(nowIso: string, limit: number, workerId: string): RawBuilder<number> {
  return sql<number>`(
    with queued as (
      select id, run_at from jobs where status = 'queued' and run_at <= ${nowIso}
      order by run_at, id limit ${limit} for update skip locked
    ), retrying as (
      select id, run_at from jobs where status = 'failed' and run_at <= ${nowIso}
      order by run_at, id limit ${limit} for update skip locked
    ), abandoned as (
      select id, run_at from jobs
      where status = 'running' and locked_until < ${nowIso} and locked_by <> ${workerId}
      order by locked_until, id limit ${limit} for update skip locked
    )
    select id from (
      select id, run_at from queued
      union all select id, run_at from retrying
      union all select id, run_at from abandoned
    ) due order by run_at, id limit ${limit}
  )`;
}
