import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { tooManyRequests } from '../lib/errors.js';

/**
 * Counters live in the database, not in process memory, so that several API processes
 * behind a load balancer share one limit (ARCHITECTURE.md: nothing in memory that another
 * process needs). One fixed window per key, advanced by a single atomic upsert.
 */
function databaseStore(db: Kysely<DB>) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = new Date();
      const nowIso = now.toISOString();
      const resetAt = new Date(now.getTime() + timeWindow).toISOString();
      db.insertInto('rate_limits')
        .values({ key, hits: 1, reset_at: resetAt })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            hits: sql`case when rate_limits.reset_at <= ${nowIso} then 1 else rate_limits.hits + 1 end`,
            reset_at: sql`case when rate_limits.reset_at <= ${nowIso} then ${resetAt} else rate_limits.reset_at end`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow()
        .then((row) => callback(null, { current: row.hits, ttl: Math.max(0, Date.parse(row.reset_at) - now.getTime()) }))
        .catch((error: Error) => callback(error));
    }

    child(): FastifyRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  };
}

export interface LimitRule {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
  /** The counter's key; null skips this rule for the request. */
  key: (request: FastifyRequest) => string | null;
}

export type Limiter = (request: FastifyRequest) => Promise<void>;

export async function registerRateLimiting(app: FastifyInstance, db: Kysely<DB>): Promise<void> {
  await app.register(rateLimit, { global: false, store: databaseStore(db) });
  app.decorate('limiter', (rules: LimitRule[]): Limiter => {
    const checks = rules.map((rule) => ({
      rule,
      check: app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowMs,
        keyGenerator: (request) => rule.key(request) ?? '',
      }),
    }));
    // Every rule counts the request, even when an earlier one already refused it, so an
    // attacker cannot spread attempts across keys to dodge one of the limits.
    return async (request) => {
      let retryAfter = 0;
      for (const { rule, check } of checks) {
        if (rule.key(request) === null) continue;
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) retryAfter = Math.max(retryAfter, result.ttlInSeconds);
      }
      if (retryAfter > 0) throw tooManyRequests(retryAfter);
    };
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that enforces every rule given, answering 429 with Retry-After. */
    limiter(rules: LimitRule[]): Limiter;
  }
}
