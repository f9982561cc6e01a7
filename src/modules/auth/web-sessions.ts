import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { DB, WebSessionKind } from '../../db/types.js';
import { hashToken, randomToken } from '../../lib/tokens.js';

/*
 * The sessions of the web pages (the back office for staff, the booking page for clients).
 * The browser holds a session's token only in an httpOnly cookie and trades it, on every page
 * load, for a short access token that lives in the page's memory: a script injected into the
 * page can use the session while the page is open but can never carry it away.
 *
 * Unlike the mobile app's refresh tokens, a session's token is not rotated on use: several
 * tabs refresh at the same moment with the same cookie, and rotation would make the second of
 * them look like a stolen token and sign the user out everywhere. Rotation protects a token a
 * script can read; this one no script can.
 *
 * Each access token names its session (`sid`), and the request's user check reads the session
 * along with the user: signing out, a new password or an ended session refuses the session's
 * access tokens at once, not when they expire.
 */

/** A session ends after this long unused… */
export const WEB_SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** …and, however busy, this long after it began: a stolen cookie does not live for ever. */
export const WEB_SESSION_MAX_MS = 180 * 24 * 60 * 60 * 1000;

/** A session's row id (which its access tokens name) and the token to set as its cookie. */
export interface OpenedWebSession {
  id: number;
  token: string;
}

/** Starts a session for a user (`staff`) or a client. */
export async function openWebSession(
  executor: Executor,
  kind: WebSessionKind,
  subjectId: number,
  now: Date = new Date(),
): Promise<OpenedWebSession> {
  const token = randomToken();
  const row = await executor
    .insertInto('web_sessions')
    .values({
      kind,
      subject_id: subjectId,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + WEB_SESSION_IDLE_MS).toISOString(),
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/**
 * A live session (its id and subject), its idle expiry pushed forward; null for an unknown,
 * idle or too old one (which is deleted).
 */
export async function resumeWebSession(
  db: Kysely<DB>,
  kind: WebSessionKind,
  token: string,
  now: Date = new Date(),
): Promise<{ id: number; subjectId: number } | null> {
  const row = await db
    .selectFrom('web_sessions')
    .select(['id', 'subject_id', 'expires_at', 'created_at'])
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) return null;
  const tooOld = Date.parse(row.created_at) + WEB_SESSION_MAX_MS <= now.getTime();
  if (row.expires_at <= now.toISOString() || tooOld) {
    await db.deleteFrom('web_sessions').where('id', '=', row.id).execute();
    return null;
  }
  await db
    .updateTable('web_sessions')
    .set({ expires_at: new Date(now.getTime() + WEB_SESSION_IDLE_MS).toISOString(), last_used_at: now.toISOString() })
    .where('id', '=', row.id)
    .execute();
  return { id: row.id, subjectId: row.subject_id };
}

/** Ends the session of this token (signing out of this browser); unknown tokens are ignored. */
export async function closeWebSession(db: Kysely<DB>, kind: WebSessionKind, token: string): Promise<void> {
  await db.deleteFrom('web_sessions').where('token_hash', '=', hashToken(token)).where('kind', '=', kind).execute();
}

/** Ends one session by its id (a sign-out with one of its access tokens); another subject's is left alone. */
export async function closeWebSessionById(
  executor: Executor,
  kind: WebSessionKind,
  subjectId: number,
  sessionId: number,
): Promise<void> {
  await executor
    .deleteFrom('web_sessions')
    .where('id', '=', sessionId)
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .execute();
}

/** Ends every web session of a user or client: a new password, a deactivation, an erasure. */
export async function endWebSessionsOf(executor: Executor, kind: WebSessionKind, subjectId: number): Promise<void> {
  await executor.deleteFrom('web_sessions').where('kind', '=', kind).where('subject_id', '=', subjectId).execute();
}
