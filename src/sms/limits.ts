import type { Kysely } from 'kysely';
import type { DB, Settings } from '../db/types.js';
import { countInWindow } from '../http/rate-limit.js';
import { DEFAULT_TIMEZONE, todayIn } from '../lib/time.js';
import { numberPrefix } from './phone.js';

/*
 * The salon's daily SMS budget and the per-range cap, against SMS pumping: a fraudster who
 * gets the salon to text numbers of a premium range earns from every message. Both count per
 * calendar day of the salon, in the shared counters of the rate limits (one atomic upsert, so
 * concurrent sends never both take the last message of a budget). A message is counted once,
 * when it is first handed over; a range refused does not spend the salon's budget.
 */

/** Long enough for a counter keyed by its date to outlive the day; maintenance deletes it after. */
const COUNTER_WINDOW_MS = 2 * 86_400_000;

export const DAILY_LIMIT_REACHED = 'sms_daily_limit_reached';
export const PREFIX_LIMIT_REACHED = 'sms_prefix_daily_limit_reached';

export type BudgetVerdict =
  | { ok: true }
  | { ok: false; reason: typeof PREFIX_LIMIT_REACHED }
  | { ok: false; reason: typeof DAILY_LIMIT_REACHED; day: string; firstRefusal: boolean };

/** Takes one message to `recipient` out of today's budgets, or says which one is spent. */
export async function spendSmsBudget(
  db: Kysely<DB>,
  settings: Pick<Settings, 'timezone' | 'sms_daily_limit' | 'sms_prefix_daily_limit'>,
  recipient: string,
  now: Date = new Date(),
): Promise<BudgetVerdict> {
  const day = todayIn(settings.timezone || DEFAULT_TIMEZONE, now);
  const { count: toRange } = await countInWindow(db, `sms:prefix:${day}:${numberPrefix(recipient)}`, COUNTER_WINDOW_MS);
  if (toRange > settings.sms_prefix_daily_limit) return { ok: false, reason: PREFIX_LIMIT_REACHED };
  const { count: today } = await countInWindow(db, `sms:day:${day}`, COUNTER_WINDOW_MS);
  if (today > settings.sms_daily_limit) {
    // Exactly one message sees the count just past the limit: the one that raises the alert.
    return { ok: false, reason: DAILY_LIMIT_REACHED, day, firstRefusal: today === settings.sms_daily_limit + 1 };
  }
  return { ok: true };
}
