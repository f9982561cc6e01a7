import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/types.js';
import { enqueue } from '../../jobs/queue.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { queueEmail } from '../../mail/outbox.js';
import { asSignInAttempt, hashPassword, verifyAgainstNothing, verifyPassword } from '../auth/service.js';
import { clientBookingRows, readSelfServiceRules, selfServiceActions } from '../bookings/service.js';
import { normalisePhone } from '../sms/service.js';
import { confirmClientPhone } from './phone-confirmation.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { DateTime } from 'luxon';
import type { ClientProfileInput, MyBookingOutput } from './schemas.js';
import { toPublicBooking } from './view.js';
import { lockRows } from '../../db/locks.js';

/*
 * Client accounts of the booking page: sign-in by password or by
 * a magic link, each giving a client token (JWT `typ: "client"`, 30 days); then self-service.
 */

export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
/** One magic-link email per client per minute, however often the form is sent. */
const MAGIC_LINK_THROTTLE_MS = 60 * 1000;

const normalize = (email: string) => email.trim().toLowerCase();

async function session(ctx: AppContext, client: { id: number; name: string; email: string | null }) {
  return {
    clientToken: await ctx.signer.signClient(client.id),
    client: { id: client.id, name: client.name, email: client.email },
  };
}

/** 401 for an unknown email, a client without a password or a wrong one: all alike, in about the same time. */
export async function clientLogin(ctx: AppContext, input: { email: string; password: string }, ip: string) {
  return session(ctx, await authenticateClient(ctx, input, ip));
}

/**
 * The client with these credentials, or 401 `invalid_credentials`; an attempt from `ip` on that
 * email, limited per pair as staff sign-ins are (429 while held back).
 */
export async function authenticateClient(ctx: AppContext, input: { email: string; password: string }, ip: string) {
  const email = normalize(input.email);
  return asSignInAttempt(ctx, { kind: 'client', email, ip }, async () => {
    const client = await ctx.db
      .selectFrom('clients')
      .select(['id', 'name', 'email', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirst();
    const valid = client?.password_hash
      ? await verifyPassword(client.password_hash, input.password)
      : await verifyAgainstNothing(input.password);
    if (!client || !valid) throw unauthorized('invalid_credentials', 'Email or password is wrong');
    return { id: client.id, name: client.name, email: client.email };
  });
}

/**
 * Always the same quick answer: the lookup and the email happen in a job, so neither the
 * answer nor its timing tells whether the email belongs to a client.
 */
export async function requestMagicLink(ctx: AppContext, email: string, returnTo?: string): Promise<void> {
  await enqueue(ctx.db, 'public.client_magic_link', {
    email: normalize(email),
    ...(returnTo === undefined ? {} : { return_to: returnTo }),
  });
}

/**
 * The job behind client-magic-link. `returnTo` (a page of the booking site, checked at the
 * edge) rides along in the link, so the client lands back where they asked for it.
 */
export async function sendMagicLink(
  ctx: AppContext,
  email: string,
  returnTo?: string,
): Promise<'sent' | 'no_account' | 'throttled'> {
  return ctx.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('clients').select(['id', 'name', 'email']).where('email', '=', email);
    query = lockRows(query, ctx.dialect);
    const client = await query.executeTakeFirst();
    if (!client?.email) return 'no_account';
    const recent = await trx
      .selectFrom('client_magic_tokens')
      .select('id')
      .where('client_id', '=', client.id)
      .where('created_at', '>', new Date(Date.now() - MAGIC_LINK_THROTTLE_MS).toISOString())
      .executeTakeFirst();
    if (recent) return 'throttled';
    // Expired links of this client go; the unexpired ones stay usable until used or expired.
    await trx
      .deleteFrom('client_magic_tokens')
      .where('client_id', '=', client.id)
      .where('expires_at', '<=', nowIso())
      .execute();
    const token = randomToken();
    await trx
      .insertInto('client_magic_tokens')
      .values({
        client_id: client.id,
        token_hash: hashToken(token),
        expires_at: isoAfter(MAGIC_LINK_TTL_MS),
        created_at: nowIso(),
      })
      .execute();
    await queueEmail(trx, {
      to: client.email,
      clientId: client.id,
      template: 'public.client_magic_link',
      data: {
        name: client.name,
        magicUrl:
          `${ctx.config.publicBaseUrl}/client/magic?token=${encodeURIComponent(token)}` +
          (returnTo === undefined ? '' : `&return=${encodeURIComponent(returnTo)}`),
      },
      sensitive: true,
    });
    return 'sent';
  });
}

/** Exchanges a magic-link token for a client token; the token is deleted in the same step (single use). */
export async function verifyMagicLink(ctx: AppContext, token: string) {
  return session(ctx, await consumeMagicLink(ctx, token));
}

/** The client a magic-link token signs in, the token deleted in the same step; 400 `invalid_token` otherwise. */
export async function consumeMagicLink(ctx: AppContext, token: string) {
  const used = await ctx.db
    .deleteFrom('client_magic_tokens')
    .where('token_hash', '=', hashToken(token))
    .returning(['client_id', 'expires_at'])
    .executeTakeFirst();
  if (!used || used.expires_at <= nowIso()) {
    throw badRequest('invalid_token', 'This sign-in link is invalid, used or expired; ask for a new one');
  }
  const client = await ctx.db
    .selectFrom('clients')
    .select(['id', 'name', 'email'])
    .where('id', '=', used.client_id)
    .where('erased_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .executeTakeFirst();
  if (!client) throw badRequest('invalid_token', 'This sign-in link is invalid, used or expired; ask for a new one');
  // The link reached them at their address: the number they typed on the booking page is theirs to be texted at.
  await confirmClientPhone(ctx.db, client.id);
  return client;
}

/**
 * Sets the signed-in client's password (e.g. after signing in by magic link); from then on
 * client-login works too. Holding the client token is the proof, as it is for every other
 * self-service action.
 */
export async function setClientPassword(ctx: AppContext, clientId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.db
    .updateTable('clients')
    .set({ password_hash: passwordHash, updated_at: nowIso() })
    .where('id', '=', clientId)
    .execute();
}

export async function clientProfile(db: Kysely<DB>, clientId: number) {
  const row = await db
    .selectFrom('clients')
    .select(['id', 'name', 'email', 'phone', 'language', 'password_hash', 'marketing_consent', 'sms_consent'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    language: row.language,
    has_password: row.password_hash !== null,
    marketing_consent: row.marketing_consent === 1,
    sms_consent: row.sms_consent === 1,
  };
}

/**
 * Name, phone, language and the two consents; the email is the sign-in identity and stays as
 * the salon has it. The consents are the client's own to give and to withdraw here (the
 * booking form only ever gives them).
 */
export async function updateClientProfile(ctx: AppContext, clientId: number, input: ClientProfileInput) {
  const changes: {
    name?: string;
    phone?: string;
    language?: 'en' | 'nl' | null;
    marketing_consent?: number;
    sms_consent?: number;
  } = {};
  if (input.language !== undefined) changes.language = input.language;
  if (input.marketing_consent !== undefined) changes.marketing_consent = input.marketing_consent ? 1 : 0;
  if (input.sms_consent !== undefined) changes.sms_consent = input.sms_consent ? 1 : 0;
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.phone !== undefined) changes.phone = await normalisePhone(ctx.db, input.phone, 'phone');
  if (Object.keys(changes).length > 0) {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('clients')
        .set({ ...changes, updated_at: nowIso() })
        .where('id', '=', clientId)
        .execute();
      await recordWebhookEvent(trx, 'client.updated', clientId);
    });
  }
  return clientProfile(ctx.db, clientId);
}

/**
 * The client's own bookings (cancelled ones too, so they see what they cancelled), each with
 * whether it can be cancelled or moved online now (the rules the cancel and move answer by).
 * upcoming: not yet started, soonest first; past: started, newest first; all: newest first.
 */
export async function clientBookings(
  db: Kysely<DB>,
  clientId: number,
  scope: 'upcoming' | 'past' | undefined,
  now: Date = new Date(),
): Promise<MyBookingOutput[]> {
  const rules = await readSelfServiceRules(db);
  const nowLocal = DateTime.fromJSDate(now).setZone(rules.timezone).toFormat('yyyy-MM-dd HH:mm:ss');
  const rows = await clientBookingRows(db, clientId, scope, nowLocal);
  return rows.map((row) => {
    const { cancel, move } = selfServiceActions(row, rules, now);
    return { ...toPublicBooking(row), actions: { cancel, move } };
  });
}
