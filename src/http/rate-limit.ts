import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { tooManyRequests } from '../lib/errors.js';

/*
 * Counters live in the database, not in process memory, so that several API processes
 * behind a load balancer share one limit (ARCHITECTURE.md: nothing in memory that another
 * process needs). One fixed window per key, advanced by a single atomic upsert.
 */

interface Count {
  current: number;
  /** Milliseconds until the window resets. */
  ttl: number;
}

async function countHit(db: Kysely<DB>, key: string, windowMs: number): Promise<Count> {
  const now = new Date();
  const nowIso = now.toISOString();
  const resetAt = new Date(now.getTime() + windowMs).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, reset_at: resetAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql`case when rate_limits.reset_at <= ${nowIso} then 1 else rate_limits.hits + 1 end`,
        reset_at: sql`case when rate_limits.reset_at <= ${nowIso} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning(['hits', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { current: row.hits, ttl: Math.max(0, Date.parse(row.reset_at) - now.getTime()) };
}

async function readCount(db: Kysely<DB>, key: string): Promise<Count> {
  const now = Date.now();
  const row = await db.selectFrom('rate_limits').select(['hits', 'reset_at']).where('key', '=', key).executeTakeFirst();
  const resetAt = row ? Date.parse(row.reset_at) : 0;
  return row && resetAt > now ? { current: row.hits, ttl: resetAt - now } : { current: 0, ttl: 0 };
}

type StoreCallback = (error: Error | null, result?: Count) => void;

function databaseStore(db: Kysely<DB>) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      countHit(db, key, timeWindow).then((count) => callback(null, count), callback);
    }

    read(key: string, callback: StoreCallback): void {
      readCount(db, key).then((count) => callback(null, count), callback);
    }

    child(): FastifyRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  };
}

export interface LimitRule {
  /** Requests (or, with `failuresOnly`, failed requests) allowed per window. */
  max: number;
  windowMs: number;
  /** The counter's key; null skips this rule for the request. */
  key: (request: FastifyRequest) => string | null;
  /**
   * Count only requests answered with a client error (a wrong password, say): the limit
   * stops guessing without locking out a busy account that signs in successfully.
   */
  failuresOnly?: boolean;
}

export type Limiter = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that enforces every rule given, answering 429 with Retry-After. */
    limiter(rules: LimitRule[]): Limiter;
  }
  interface FastifyRequest {
    /** Failures-only rules to count if this request ends in a client error. */
    failureLimits: LimitRule[] | null;
  }
}

export async function registerRateLimiting(app: FastifyInstance, db: Kysely<DB>): Promise<void> {
  await app.register(rateLimit, { global: false, store: databaseStore(db) });
  app.decorateRequest('failureLimits', null);

  app.decorate('limiter', (rules: LimitRule[]): Limiter => {
    const checks = rules.map((rule) => ({
      rule,
      check: app.createRateLimit({
        // A failures-only rule reads the count without adding this request, so it must
        // refuse once `max` failures are on record (the plugin refuses above its max).
        max: rule.failuresOnly ? rule.max - 1 : rule.max,
        timeWindow: rule.windowMs,
        keyGenerator: (request) => rule.key(request) ?? '',
      }),
    }));
    const failureRules = rules.filter((rule) => rule.failuresOnly);
    // Every rule is consulted, even when an earlier one already refused, so an attacker
    // cannot spread attempts across keys to dodge one of the limits.
    return async (request) => {
      let retryAfter = 0;
      for (const { rule, check } of checks) {
        if (rule.key(request) === null) continue;
        const result = await check(request, { increment: !rule.failuresOnly });
        if (!result.isAllowed && result.isExceeded) retryAfter = Math.max(retryAfter, result.ttlInSeconds);
      }
      if (retryAfter > 0) throw tooManyRequests(retryAfter);
      if (failureRules.length > 0) request.failureLimits = failureRules;
    };
  });

  // Counted before the answer leaves (onSend, not onResponse): a client that fires its next
  // guess the moment it reads this answer already finds this failure on record.
  app.addHook('onSend', async (request, reply, payload) => {
    const rules = request.failureLimits;
    if (!rules || reply.statusCode < 400 || reply.statusCode >= 500) return payload;
    for (const rule of rules) {
      const key = rule.key(request);
      if (key === null) continue;
      await countHit(db, key, rule.windowMs).catch((error: unknown) =>
        request.log.error({ err: error }, 'could not count a failed attempt'),
      );
    }
    return payload;
  });
}

/**
 * A once-per-window gate on the same counters: true for the first call with `key` in a window
 * of `windowMs`, false for the others until it ends. Shared by every process, as the limits are
 * (work that must not run more often than that, whoever asks).
 */
export async function firstInWindow(db: Kysely<DB>, key: string, windowMs: number): Promise<boolean> {
  return (await countHit(db, key, windowMs)).current === 1;
}

/**
 * Counts one more use of `key` in its window (a fixed window of `windowMs` from its first use)
 * and returns the count including this one and the seconds until the window ends, atomically:
 * of concurrent callers, exactly one sees each number. For limits decided inside a request's
 * handling (only some bookings count) and budgets that are not requests (text messages a day).
 */
export async function countInWindow(
  db: Kysely<DB>,
  key: string,
  windowMs: number,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const { current, ttl } = await countHit(db, key, windowMs);
  return { count: current, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
}
