import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { LoyaltySettingsTable } from '../../db/types.js';

/*
 * The single loyalty settings record (id = 1, created by migration 0002). `points_per_euro`
 * is stored in hundredths of a point; `reward_thresholds` is JSON of StoredThreshold,
 * sorted by points, with the discount in cents like every other amount of money.
 */

export interface StoredThreshold {
  points: number;
  discount_cents: number;
  description: string;
}

/** The loyalty rules in storage units, for the code that earns and redeems points. */
export interface LoyaltyRules {
  enabled: boolean;
  /** Hundredths of a point per currency unit spent: 1 point per euro is 100. */
  pointsPerEuroHundredths: number;
  /** By points ascending. */
  thresholds: StoredThreshold[];
}

function isStoredThreshold(value: unknown): value is StoredThreshold {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.points === 'number' && typeof entry.discount_cents === 'number';
}

export function parseThresholds(json: string): StoredThreshold[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(isStoredThreshold)
    .map((entry) => ({
      points: entry.points,
      discount_cents: entry.discount_cents,
      description: typeof entry.description === 'string' ? entry.description : '',
    }))
    .sort((a, b) => a.points - b.points);
}

export async function readRow(executor: Executor): Promise<Selectable<LoyaltySettingsTable>> {
  return executor.selectFrom('loyalty_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

export async function readLoyaltyRules(executor: Executor): Promise<LoyaltyRules> {
  const row = await readRow(executor);
  return {
    enabled: row.loyalty_enabled === 1,
    pointsPerEuroHundredths: row.points_per_euro,
    thresholds: parseThresholds(row.reward_thresholds),
  };
}
