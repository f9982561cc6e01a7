import type { DB } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { nowIso } from '../../lib/time.js';
import type { Kysely } from 'kysely';
import type { DeviceInput } from './schemas.js';

/* The push tokens of a user's devices: a token belongs to one user at a time. */

/** Registers a push token for the caller; a token held by another user moves to the caller. */
export async function registerDevice(db: Kysely<DB>, user: AuthUser, input: DeviceInput) {
  const now = nowIso();
  await db
    .insertInto('device_tokens')
    .values({ user_id: user.id, token: input.token, platform: input.platform, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('token').doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        platform: eb.ref('excluded.platform'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  return { token: input.token, platform: input.platform };
}

/** Removes one of the caller's push tokens; another user's token is left alone. */
export async function removeDevice(db: Kysely<DB>, user: AuthUser, token: string): Promise<void> {
  await db.deleteFrom('device_tokens').where('token', '=', token).where('user_id', '=', user.id).execute();
}
