import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { findClient } from '../clients/service.js';
import { readTimezone } from '../settings/service.js';
import type { LedgerAdjustInput, LedgerOutput } from './schemas.js';
import { readLoyaltyRules, type LoyaltyRules } from './rules.js';

/*
 * The points ledger: a client's balance is the sum of their entries, never a stored counter,
 * so every point can be traced to the order (or the admin) that moved it. Writers lock the
 * client's row first (the POS order does; adjustments below too), so two redemptions of one
 * client are serialised and the balance can never go below zero.
 *
 * Earning: floor(amount paid in cents × points_per_euro / 100 / 100): points per currency unit
 * actually paid (gift cards sold included, what a gift card or points paid for excluded),
 * whole points only. Redeeming: `loyalty_points` must equal one reward threshold's points;
 * that threshold's discount comes off the order.
 */

export async function pointsBalance(executor: Executor, clientId: number): Promise<number> {
  const row = await executor
    .selectFrom('loyalty_ledger')
    .select(sql<number>`coalesce(sum(points), 0)`.as('balance'))
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

export function pointsEarned(rules: LoyaltyRules, paidCents: number): number {
  if (!rules.enabled || paidCents <= 0) return 0;
  return Math.floor((paidCents * rules.pointsPerEuroHundredths) / 10_000);
}

export { readLoyaltyRules };

/**
 * The reward for redeeming `points` now: the threshold with exactly that many points.
 * The caller holds the client's row lock. 409 `loyalty_disabled`, 400 `unknown_reward`,
 * 409 `insufficient_points`.
 */
export async function rewardFor(executor: Executor, clientId: number, points: number): Promise<number> {
  const rules = await readLoyaltyRules(executor);
  if (!rules.enabled) throw conflict('loyalty_disabled', 'The loyalty programme is switched off');
  const threshold = rules.thresholds.find((entry) => entry.points === points);
  if (!threshold) {
    throw badRequest('unknown_reward', 'loyalty_points must be the points of one reward threshold', [
      {
        field: 'loyalty_points',
        message: `must be one of ${rules.thresholds.map((t) => t.points).join(', ') || '(no thresholds set)'}`,
      },
    ]);
  }
  const balance = await pointsBalance(executor, clientId);
  if (balance < points) {
    throw conflict('insufficient_points', `The client has ${balance} points, fewer than the ${points} to redeem`);
  }
  return threshold.discount_cents;
}

export async function addLedgerEntry(
  executor: Executor,
  entry: {
    clientId: number;
    points: number;
    reason: 'earn' | 'redeem' | 'adjust';
    orderId?: number | null;
    note?: string;
    userId?: number | null;
  },
): Promise<void> {
  if (entry.points === 0) return;
  await executor
    .insertInto('loyalty_ledger')
    .values({
      client_id: entry.clientId,
      points: entry.points,
      reason: entry.reason,
      order_id: entry.orderId ?? null,
      note: entry.note ?? '',
      user_id: entry.userId ?? null,
      created_at: nowIso(),
    })
    .execute();
}

/** A client's balance and entries, newest first. */
export async function getLedger(ctx: AppContext, clientId: number): Promise<LedgerOutput> {
  const { db } = ctx;
  await findClient(db, clientId);
  const timezone = await readTimezone(db);
  const entries = await db
    .selectFrom('loyalty_ledger')
    .select(['id', 'points', 'reason', 'order_id', 'note', 'created_at'])
    .where('client_id', '=', clientId)
    .orderBy('id', 'desc')
    .execute();
  const rules = await readLoyaltyRules(db);
  const balance = entries.reduce((sum, entry) => sum + entry.points, 0);
  return {
    client_id: clientId,
    balance,
    rewards_available: rules.thresholds
      .filter((t) => t.points <= balance)
      .map((t) => ({ points: t.points, discount: fromCents(t.discount_cents), description: t.description })),
    entries: entries.map((entry) => ({ ...entry, created_at: formatInstant(entry.created_at, timezone) })),
  };
}

/** An admin's correction; never takes the balance below zero (409 `insufficient_points`). */
export async function adjustPoints(
  ctx: AppContext,
  clientId: number,
  userId: number,
  input: LedgerAdjustInput,
): Promise<LedgerOutput> {
  await ctx.db.transaction().execute(async (trx) => {
    // The client's row serialises the writers of their balance (a sum of entries).
    await findClient(trx, clientId, ctx.dialect);
    if (input.points < 0 && (await pointsBalance(trx, clientId)) + input.points < 0) {
      throw conflict('insufficient_points', 'The adjustment would take the balance below zero');
    }
    await addLedgerEntry(trx, {
      clientId,
      points: input.points,
      reason: 'adjust',
      note: input.note?.trim() ?? '',
      userId,
    });
  });
  return getLedger(ctx, clientId);
}
