import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { endWebSessionsOf } from './web-sessions.js';

/*
 * "Sign out everywhere": a lost phone, a shared computer left signed in. Everything that keeps
 * the user signed in somewhere ends in one transaction: every browser session (their access
 * tokens are refused at once, since each names its session), every refresh token of the mobile
 * app (no new access token can be had), and every push device (a device signed out must not go
 * on showing the salon's notifications). An access token of `POST /auth/login` belongs to no
 * session and lives out its 8 hours, as the interface defines it; without a refresh token it
 * cannot be renewed.
 */
export async function signOutEverywhere(db: Kysely<DB>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await endWebSessionsOf(trx, 'staff', userId);
    await trx.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('device_tokens').where('user_id', '=', userId).execute();
  });
}
