import type { Kysely, Selectable } from 'kysely';
import type { DB, LoyaltySettingsTable } from '../../db/types.js';
import { toFlag } from '../../http/schemas.js';
import { badRequest } from '../../lib/errors.js';
import { fromCents, toCents } from '../../lib/money.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import { parseThresholds, readRow, type StoredThreshold } from './rules.js';
import type { LoyaltySettingsInput, LoyaltySettingsOutput } from './schemas.js';

/* The loyalty programme's settings as the API reads and changes them. */

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
