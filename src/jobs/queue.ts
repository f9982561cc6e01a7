import { sql, type AliasableExpression, type Kysely } from 'kysely';
import type { Dialect } from '../db/connection.js';
import type { Executor } from '../db/executor.js';
import type { DB, Job, JobStatus } from '../db/types.js';
import { dueJobIdsPostgres } from './claim-postgres.js';
import { dueJobIdsSqlite } from './claim-sqlite.js';
import { MAX_ATTEMPTS, type JobName, type JobPayloads } from './types.js';

export interface EnqueueOptions {
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /**
   * Run no earlier than this instant (epoch milliseconds; one in the past is due now). For a
   * job due at a time of its own (a reminder), exactly that time: a delay worked out from
   * another reading of the clock would drift by the milliseconds between the two readings.
   */
  runAtMs?: number;
  maxAttempts?: number;
  /**
   * While a job with this key is still queued (not yet started), enqueuing the key again
   * moves that job to the new run time and payload instead of adding a second job.
   */
  key?: string;
  /**
   * With `key`: add the job only when no job with this key is queued, running or awaiting a
   * retry; otherwise leave that one as it is. How recurring jobs are kept scheduled.
   */
  ifAbsent?: boolean;
}

/**
 * Adds a job. Pass the transaction that makes the change causing the job: the job then
 * exists exactly when the change does (no job for a rolled-back change, no change without
 * its job after a crash).
 */
export async function enqueue<N extends JobName>(
  executor: Executor,
  name: N,
  payload: JobPayloads[N],
  options: EnqueueOptions = {},
): Promise<number> {
  const now = new Date();
  const runAt = new Date(
    options.runAtMs !== undefined ? Math.max(options.runAtMs, now.getTime()) : now.getTime() + (options.delayMs ?? 0),
  ).toISOString();
  if (options.key !== undefined && options.ifAbsent) {
    const existing = await executor
      .selectFrom('jobs')
      .select('id')
      .where('key', '=', options.key)
      .where('name', '=', name)
      .where('status', 'in', ['queued', 'running', 'failed'])
      .executeTakeFirst();
    if (existing) return existing.id;
  } else if (options.key !== undefined) {
    const rescheduled = await executor
      .updateTable('jobs')
      .set({ payload: JSON.stringify(payload), run_at: runAt, updated_at: now.toISOString() })
      .where('key', '=', options.key)
      .where('name', '=', name)
      .where('status', '=', 'queued')
      .returning('id')
      .executeTakeFirst();
    if (rescheduled) return rescheduled.id;
  }
  const row = await executor
    .insertInto('jobs')
    .values({
      name,
      payload: JSON.stringify(payload),
      status: 'queued',
      run_at: runAt,
      attempts: 0,
      max_attempts: options.maxAttempts ?? MAX_ATTEMPTS[name],
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      key: options.key ?? null,
    })
    // One queued job per key (index jobs_key_queued_unique): a concurrent enqueue of the same
    // key that got there first wins, and this one returns that job.
    .onConflict((conflict) =>
      conflict
        .column('key')
        .where(sql<boolean>`status = 'queued'`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (row) return row.id;
  // Only a keyed insert can meet a conflict.
  if (options.key === undefined) throw new Error(`job ${name} was not inserted`);
  const winner = await executor
    .selectFrom('jobs')
    .select('id')
    .where('key', '=', options.key)
    .where('status', '=', 'queued')
    .executeTakeFirstOrThrow();
  return winner.id;
}

/** The jobs whose payload is a single id, such as `{ recipientId }`: what `enqueueEach` can build. */
type IdKey<N extends JobName> = {
  [K in keyof JobPayloads[N]]-?: JobPayloads[N][K] extends number ? K : never;
}[keyof JobPayloads[N]] &
  string;

/**
 * Adds one job `name` for each id the select `ids` returns (a column named `id`), with the
 * payload `{ [key]: id }`: the row `enqueue()` writes, unkeyed and due now, written by one
 * INSERT … SELECT in the caller's transaction, so a hundred thousand jobs cost one statement.
 * The jobs are numbered in id order, so the worker takes them in that order. Returns how many
 * were added.
 */
export async function enqueueEach<N extends JobName>(
  executor: Executor,
  name: N,
  key: IdKey<N>,
  ids: AliasableExpression<{ id: number }>,
): Promise<number> {
  const now = new Date().toISOString();
  // The payload is JSON.stringify({ [key]: id }) spelled in SQL: '{"key":' || id || '}'.
  const payloadHead = `{${JSON.stringify(key)}:`;
  const inserted = await executor
    .insertInto('jobs')
    .columns(['name', 'payload', 'status', 'run_at', 'attempts', 'max_attempts', 'created_at', 'updated_at'])
    .expression(
      executor
        .selectFrom(ids.as('source'))
        .select([
          sql<string>`cast(${name} as text)`.as('name'),
          sql<string>`cast(${payloadHead} as text) || cast(source.id as text) || cast(${'}'} as text)`.as('payload'),
          sql<string>`cast(${'queued'} as text)`.as('status'),
          sql<string>`cast(${now} as text)`.as('run_at'),
          sql<number>`cast(${0} as integer)`.as('attempts'),
          sql<number>`cast(${MAX_ATTEMPTS[name]} as integer)`.as('max_attempts'),
          sql<string>`cast(${now} as text)`.as('created_at'),
          sql<string>`cast(${now} as text)`.as('updated_at'),
        ])
        .orderBy(sql.ref('source.id')),
    )
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n);
}

/**
 * Claims up to `limit` due jobs for `workerId` and leases them until `leaseMs` from now.
 *
 * Due means: `queued` or `failed` (awaiting retry) with `run_at` passed, or `running` with
 * an expired lease (its worker died) held by another worker: this worker runs its jobs in
 * flight while it claims more, and never takes one of them over itself. Each dialect picks the due rows its own way, with its
 * reasoning beside it: claim-postgres.ts and claim-sqlite.ts.
 */
export async function claimJobs(
  db: Kysely<DB>,
  dialect: Dialect,
  workerId: string,
  limit: number,
  leaseMs: number,
): Promise<Job[]> {
  const now = new Date();
  const nowIso = now.toISOString();
  // A job whose worker died on its last attempt is not run again: it is dead.
  await db
    .updateTable('jobs')
    .set({
      status: 'dead',
      last_error: sql`coalesce(last_error, 'worker stopped while running the job; lease expired')`,
      locked_by: null,
      locked_until: null,
      finished_at: nowIso,
      updated_at: nowIso,
    })
    .where('status', '=', 'running')
    .where('locked_until', '<', nowIso)
    .whereRef('attempts', '>=', 'max_attempts')
    // Not a job this worker is still running (its lease lapsed by a late heartbeat): it ends
    // with that run's own outcome.
    .where('locked_by', '<>', workerId)
    .execute();

  const claimed = await db
    .updateTable('jobs')
    .set({
      status: 'running',
      attempts: sql`attempts + 1`,
      locked_by: workerId,
      locked_until: new Date(now.getTime() + leaseMs).toISOString(),
      updated_at: nowIso,
    })
    .where(
      sql.ref('id'),
      'in',
      dialect === 'postgres' ? dueJobIdsPostgres(nowIso, limit, workerId) : dueJobIdsSqlite(nowIso, limit, workerId),
    )
    .returningAll()
    .execute();
  return claimed.sort((a, b) => (a.run_at < b.run_at ? -1 : a.run_at > b.run_at ? 1 : a.id - b.id));
}

/** Extends the lease of a job this worker still owns; false when it lost the job. */
export async function extendLease(db: Kysely<DB>, jobId: number, workerId: string, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ locked_until: new Date(Date.now() + leaseMs).toISOString() })
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markDone(db: Kysely<DB>, jobId: number, workerId: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable('jobs')
    .set({ status: 'done', locked_by: null, locked_until: null, finished_at: now, updated_at: now })
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .execute();
}

/** Exponential backoff: 30 s, 1 min, 2 min … capped at 1 hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);
}

export async function markFailed(db: Kysely<DB>, job: Job, workerId: string, error: string): Promise<JobStatus> {
  const now = new Date();
  const status: JobStatus = job.attempts >= job.max_attempts ? 'dead' : 'failed';
  await db
    .updateTable('jobs')
    .set({
      status,
      last_error: error.slice(0, 2000),
      run_at: status === 'failed' ? new Date(now.getTime() + retryDelayMs(job.attempts)).toISOString() : job.run_at,
      locked_by: null,
      locked_until: null,
      finished_at: status === 'dead' ? now.toISOString() : null,
      updated_at: now.toISOString(),
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', workerId)
    .execute();
  return status;
}
