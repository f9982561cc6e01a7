import ipaddr from 'ipaddr.js';
import type { AppContext } from '../../context.js';
import { lockRows } from '../../db/locks.js';
import type { WebSessionKind } from '../../db/types.js';
import { tooManyRequests } from '../../lib/errors.js';
import { isoAfter } from '../../lib/time.js';
import { hashToken } from '../../lib/tokens.js';

/*
 * Password guessing, limited per (account, address) pair with growing delays.
 *
 * A limit per account alone is a lock anyone can close: whoever knows the owner's email sends
 * wrong passwords until the account refuses everybody, the owner included. Per pair, only the
 * guessing address is held back; the owner, from their own address, signs in as ever. The
 * first FREE_FAILURES failures of a pair cost nothing (typos), then each failure holds the
 * pair's next attempt back for twice as long as the one before, up to MAX_DELAY_MS: one
 * address gets a handful of guesses an hour, while a per-IP limit (limits.ts) caps how many
 * accounts it tries.
 *
 * The attempt is counted before the password is checked, under the pair's row lock (a write
 * transaction: row locks on PostgreSQL, an exclusive transaction on SQLite), and forgiven
 * when the password is right. Counting after the check let parallel requests all read the
 * count before any failure was written, and all be checked.
 */

export const FREE_FAILURES = 5;
export const FIRST_DELAY_MS = 15_000;
export const MAX_DELAY_MS = 15 * 60_000;
/** A pair's failures are forgotten this long after its last one (and the row purged). */
export const FAILURES_FORGOTTEN_AFTER_MS = 24 * 60 * 60_000;

export interface SignInPair {
  kind: WebSessionKind;
  /** The email as typed (normalised); it need not belong to anyone. */
  email: string;
  /** The request's address (behind a trusted proxy, the client's). */
  ip: string;
}

/** How long the next attempt waits after `failures` failures in a row. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

/**
 * The address as one party holds it: an IPv4 address as it is; an IPv6 one as its /64, the
 * block a single subscriber is given, so that stepping through it does not buy new guesses.
 */
export function addressOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

function keyOf(pair: SignInPair) {
  return { kind: pair.kind, account: hashToken(pair.email), address: addressOf(pair.ip) };
}

/**
 * Counts an attempt of `pair` as a failure before its password is checked; 429 with
 * Retry-After while the pair is held back (nothing is counted then).
 */
export async function claimSignInAttempt(ctx: AppContext, pair: SignInPair, now = new Date()): Promise<void> {
  const key = keyOf(pair);
  const nowIso = now.toISOString();
  const waitMs = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sign_in_failures')
      .values({ ...key, failures: 0, blocked_until: '', last_failure_at: nowIso })
      .onConflict((conflict) => conflict.columns(['kind', 'account', 'address']).doNothing())
      .execute();
    const row = await lockRows(
      trx
        .selectFrom('sign_in_failures')
        .select(['failures', 'blocked_until', 'last_failure_at'])
        .where('kind', '=', key.kind)
        .where('account', '=', key.account)
        .where('address', '=', key.address),
      ctx.dialect,
    ).executeTakeFirstOrThrow();
    if (row.blocked_until > nowIso) return Date.parse(row.blocked_until) - now.getTime();
    const forgotten = Date.parse(row.last_failure_at) + FAILURES_FORGOTTEN_AFTER_MS <= now.getTime();
    const failures = (forgotten ? 0 : row.failures) + 1;
    const delay = delayAfter(failures);
    await trx
      .updateTable('sign_in_failures')
      .set({ failures, blocked_until: delay > 0 ? isoAfter(delay, now) : '', last_failure_at: nowIso })
      .where('kind', '=', key.kind)
      .where('account', '=', key.account)
      .where('address', '=', key.address)
      .execute();
    return 0;
  });
  if (waitMs > 0) throw tooManyRequests(waitMs / 1000);
}

/** The password was right: the pair's failures are forgiven. */
export async function forgiveSignInFailures(ctx: AppContext, pair: SignInPair): Promise<void> {
  const key = keyOf(pair);
  await ctx.db
    .deleteFrom('sign_in_failures')
    .where('kind', '=', key.kind)
    .where('account', '=', key.account)
    .where('address', '=', key.address)
    .execute();
}

/**
 * Runs a password check as an attempt of `pair`: counted first, forgiven when `check`
 * succeeds; a failure (its error) stays counted.
 */
export async function asSignInAttempt<T>(ctx: AppContext, pair: SignInPair, check: () => Promise<T>): Promise<T> {
  await claimSignInAttempt(ctx, pair);
  const result = await check();
  await forgiveSignInFailures(ctx, pair);
  return result;
}
