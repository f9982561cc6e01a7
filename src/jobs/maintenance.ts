import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';

export const FINISHED_JOB_RETENTION_DAYS = 30;
/** An Idempotency-Key protects retries of one booking attempt; a day covers any client's retries. */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;
/** As long as a pair's failed sign-ins count (FAILURES_FORGOTTEN_AFTER_MS of the auth module). */
export const SIGN_IN_FAILURES_KEPT_HOURS = 24;
/**
 * An inbound text's id guards against a replay of that text (modules/sms/inbound-replay.ts); a
 * year outlasts Twilio's retries by far, and the rows are a few dozen bytes each.
 */
export const INBOUND_SMS_ID_RETENTION_DAYS = 365;
/**
 * The bookings' change log feeds the live event stream, and a desk that reconnects is replayed
 * from it; past a day a desk refetches its views instead, so older rows serve nobody. Every
 * booking write adds a row, so without this the log would grow as fast as the bookings.
 */
export const BOOKING_CHANGES_KEPT_HOURS = 24;

/**
 * Removes what has outlived its use: expired refresh, reset, magic-link and booking-link tokens, idle web sessions, stale
 * rate-limit windows, failed sign-ins older than a day, idempotency keys older than a day, inbound text ids older than a
 * year, the bookings' change log older than a day (but its newest row), and jobs done more than 30 days ago. Dead jobs stay until someone looks at them:
 * they are the record of work that never happened. Idempotent, so every worker may run it;
 * each statement is one indexed range delete.
 */
export async function purgeExpired(db: Kysely<DB>, now: Date = new Date()): Promise<void> {
  const nowIso = now.toISOString();
  const jobCutoff = new Date(now.getTime() - FINISHED_JOB_RETENTION_DAYS * 86_400_000).toISOString();
  await db.deleteFrom('refresh_tokens').where('expires_at', '<=', nowIso).execute();
  await db.deleteFrom('web_sessions').where('expires_at', '<=', nowIso).execute();
  await db.deleteFrom('password_reset_tokens').where('expires_at', '<=', nowIso).execute();
  await db.deleteFrom('client_magic_tokens').where('expires_at', '<=', nowIso).execute();
  await db.deleteFrom('booking_action_tokens').where('expires_at', '<=', nowIso).execute();
  await db.deleteFrom('rate_limits').where('reset_at', '<=', nowIso).execute();
  // Failed sign-ins are forgotten a day after a pair's last one (modules/auth/sign-in-attempts.ts).
  const failureCutoff = new Date(now.getTime() - SIGN_IN_FAILURES_KEPT_HOURS * 3_600_000).toISOString();
  await db.deleteFrom('sign_in_failures').where('last_failure_at', '<', failureCutoff).execute();
  const keyCutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_HOURS * 3_600_000).toISOString();
  await db.deleteFrom('idempotency_keys').where('created_at', '<', keyCutoff).execute();
  const smsCutoff = new Date(now.getTime() - INBOUND_SMS_ID_RETENTION_DAYS * 86_400_000).toISOString();
  await db.deleteFrom('sms_inbound_messages').where('received_at', '<', smsCutoff).execute();
  await db.deleteFrom('jobs').where('status', '=', 'done').where('finished_at', '<', jobCutoff).execute();
  // The newest change stays whatever its age: it tells a reconnecting stream where the log stands.
  const newest = await db
    .selectFrom('booking_changes')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  if (newest?.seq !== null && newest?.seq !== undefined) {
    const changeCutoff = new Date(now.getTime() - BOOKING_CHANGES_KEPT_HOURS * 3_600_000).toISOString();
    await db
      .deleteFrom('booking_changes')
      .where('created_at', '<', changeCutoff)
      .where('seq', '<', newest.seq)
      .execute();
  }
}
