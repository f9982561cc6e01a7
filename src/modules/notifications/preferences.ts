import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { toFlag } from '../../http/schemas.js';
import type { Executor } from '../../db/executor.js';
import { badRequest } from '../../lib/errors.js';
import type { PreferencesInput } from './schemas.js';
import { defaultPreference, isNotificationType, NOTIFICATION_TYPES, type ChannelPreference } from './types.js';

export type Preferences = Record<string, ChannelPreference>;

/**
 * Every known type, each with the user's stored choice or else its default. Rows stored for a
 * type that is no longer known are left out: the object always has the same keys.
 */
export async function readPreferences(db: Executor, userId: number): Promise<Preferences> {
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['type', 'email', 'push', 'in_app'])
    .where('user_id', '=', userId)
    .execute();
  const stored = new Map(rows.map((row) => [row.type, row]));
  const preferences: Preferences = {};
  for (const type of NOTIFICATION_TYPES) {
    const row = stored.get(type);
    preferences[type] = row
      ? { email: row.email === 1, push: row.push === 1, in_app: row.in_app === 1 }
      : defaultPreference(type);
  }
  return preferences;
}

/**
 * Upserts the given types for the user; types not given keep their value. An unknown type
 * refuses the whole request before anything is written.
 */
export async function updatePreferences(db: Kysely<DB>, userId: number, input: PreferencesInput): Promise<Preferences> {
  const entries = Object.entries(input);
  const unknown = entries.map(([type]) => type).filter((type) => !isNotificationType(type));
  if (unknown.length > 0) {
    throw badRequest(
      'validation_failed',
      `Unknown notification type${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
      unknown.map((type) => ({ field: type, message: 'is not a known notification type' })),
    );
  }
  return db.transaction().execute(async (trx) => {
    if (entries.length > 0) {
      await trx
        .insertInto('notification_preferences')
        .values(
          entries.map(([type, channels]) => ({
            user_id: userId,
            type,
            email: toFlag(channels.email),
            push: toFlag(channels.push),
            in_app: toFlag(channels.in_app),
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'type']).doUpdateSet((eb) => ({
            email: eb.ref('excluded.email'),
            push: eb.ref('excluded.push'),
            in_app: eb.ref('excluded.in_app'),
          })),
        )
        .execute();
    }
    return readPreferences(trx, userId);
  });
}
