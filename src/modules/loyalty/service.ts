import type { Kysely, Selectable } from 'kysely';
import type { DB, LoyaltySettingsTable } from '../../db/types.js';
import { toFlag } from '../../http/schemas.js';
import type { Executor } from '../../jobs/queue.js';
import { badRequest } from '../../lib/errors.js';
import { fromCents, toCents } from '../../lib/money.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { LoyaltySettingsInput, LoyaltySettingsOutput } from './schemas.js';

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

function parseThresholds(json: string): StoredThreshold[] {
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

async function readRow(executor: Executor): Promise<Selectable<LoyaltySettingsTable>> {
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

function present(row: Selectable<LoyaltySettingsTable>, timezone: string): LoyaltySettingsOutput {
  return {
    loyalty_enabled: row.loyalty_enabled === 1 ? 1 : 0,
    points_per_euro: fromCents(row.points_per_euro),
    reward_thresholds: parseThresholds(row.reward_thresholds).map((entry) => ({
      points: entry.points,
      discount: fromCents(entry.discount_cents),
      description: entry.description,
    })),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

export async function getLoyaltySettings(db: Kysely<DB>): Promise<LoyaltySettingsOutput> {
  return present(await readRow(db), await readTimezone(db));
}

function toStoredThresholds(input: NonNullable<LoyaltySettingsInput['reward_thresholds']>): StoredThreshold[] {
  const seen = new Set<number>();
  input.forEach((entry, index) => {
    if (seen.has(entry.points)) {
      throw badRequest('validation_failed', `Two reward thresholds have ${entry.points} points`, [
        { field: `reward_thresholds.${index}.points`, message: 'must be unique in reward_thresholds' },
      ]);
    }
    seen.add(entry.points);
  });
  return input
    .map((entry) => ({
      points: entry.points,
      discount_cents: toCents(entry.discount),
      description: entry.description?.trim() ?? '',
    }))
    .sort((a, b) => a.points - b.points);
}

/** Only the fields present change; `reward_thresholds`, when present, replaces the whole list. */
export async function updateLoyaltySettings(
  db: Kysely<DB>,
  input: LoyaltySettingsInput,
): Promise<LoyaltySettingsOutput> {
  const changes: Partial<Omit<Selectable<LoyaltySettingsTable>, 'id'>> = {};
  if (input.loyalty_enabled !== undefined) changes.loyalty_enabled = toFlag(input.loyalty_enabled);
  if (input.points_per_euro !== undefined) changes.points_per_euro = toCents(input.points_per_euro);
  if (input.reward_thresholds !== undefined) {
    changes.reward_thresholds = JSON.stringify(toStoredThresholds(input.reward_thresholds));
  }
  const row =
    Object.keys(changes).length === 0
      ? await readRow(db)
      : await db
          .updateTable('loyalty_settings')
          .set({ ...changes, updated_at: nowIso() })
          .where('id', '=', 1)
          .returningAll()
          .executeTakeFirstOrThrow();
  return present(row, await readTimezone(db));
}
