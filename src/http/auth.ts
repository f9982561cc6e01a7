import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared.js';
import { closeSettingsView, inSettingsView, openSettingsView, type SettingsView } from '../db/settings-cache.js';
import type { DB, Role, WebSessionKind } from '../db/types.js';
import { AppError } from '../lib/errors.js';
import type { TokenSigner } from '../lib/jwt.js';
import { errorRef } from './schemas.js';

/**
 * The levels a route declares: `none`, `user` (Logged in, any role), `admin`; and
 * `client`: a booking-page client's token (a JWT with `typ: "client"`), which no staff
 * level accepts.
 */
export type AuthLevel = 'none' | 'user' | 'admin' | 'client';

/** The client of a booking-page request that carries a client token. */
export interface AuthClient {
  id: number;
  name: string;
  email: string | null;
}

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route under /api must say who may call it; the app refuses to start otherwise. */
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    client: AuthClient | null;
    /** The web session the request's token belongs to (its `sid`); null for a token of no session. */
    webSessionId: number | null;
    /** The settings' version the user check read; null when there was none. */
    settingsVersion: number | null;
    /** What the handler's settings reads know of the version (db/settings-cache.ts). */
    settingsView: SettingsView | null;
  }
}

/** A registered /api route and the auth level it declares. */
export interface DeclaredRoute {
  method: string;
  url: string;
  auth: AuthLevel;
}

const declaredRoutes = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/**
 * Every /api route of `app` with its declared auth level, as registered: the tests check the
 * guard's answers against these declarations for every route at once.
 */
export function routeAuthLevels(app: FastifyInstance): readonly DeclaredRoute[] {
  return declaredRoutes.get(app) ?? [];
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new AppError(401, 'invalid_token', 'Authorization header must be "Bearer <token>"');
  return match[1]!;
}

// The settings' version rides along: the request's settings reads then trust the row this
// process holds without a statement of their own (db/settings-cache.ts).
const activeUser = prepared((db, p: { id: number }) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .select((eb) => eb.selectFrom('settings').select('version').where('id', '=', 1).as('settings_version'))
    .where('id', '=', p.id)
    .where('active', '=', 1),
);

// A web session's token: the same read, and the session still open, by its primary key in the
// same statement (the hot path pays one more index probe, not one more round trip).
const activeUserInSession = prepared((db, p: { id: number; sid: number; now: string }) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .select((eb) => eb.selectFrom('settings').select('version').where('id', '=', 1).as('settings_version'))
    .where('id', '=', p.id)
    .where('active', '=', 1)
    .where((eb) => eb.exists(openSession(db, 'staff', p))),
);

/** The session `p.sid` of subject `p.id`, open at `p.now`: a subquery for `exists`. */
function openSession(db: Kysely<DB>, kind: WebSessionKind, p: { id: number; sid: number; now: string }) {
  return db
    .selectFrom('web_sessions')
    .select('web_sessions.id')
    .where('web_sessions.id', '=', p.sid)
    .where('web_sessions.kind', '=', kind)
    .where('web_sessions.subject_id', '=', p.id)
    .where('web_sessions.expires_at', '>', p.now);
}

/**
 * One guard for every route. The token is checked, then the user is read (a primary-key
 * lookup) so that a deleted or deactivated user's tokens stop working at once and a changed
 * role applies at once, without waiting for the token to expire. A web session's token is
 * read with its session, so that signing out ends it at once too.
 */
export function registerAuthGuard(app: FastifyInstance, db: Kysely<DB>, signer: TokenSigner): void {
  app.decorateRequest('user', null);
  app.decorateRequest('client', null);
  app.decorateRequest('webSessionId', null);
  app.decorateRequest('settingsVersion', null);
  app.decorateRequest('settingsView', null);
  const declared: DeclaredRoute[] = [];
  declaredRoutes.set(app, declared);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const level = route.config?.auth;
    if (!level) throw new Error(`route ${String(route.method)} ${route.url} declares no auth level`);
    for (const method of [route.method].flat()) declared.push({ method, url: route.url, auth: level });
    // Document the requirement in the OpenAPI document from the same declaration. Fastify
    // hands the HEAD twin of a GET route the same schema object: add everything once.
    route.schema ??= {};
    const schema = route.schema as Record<string, unknown> & { response?: Record<string, unknown> };
    // Public: said explicitly, so that a reader (and a linter) knows no token is wanted.
    if (level === 'none') {
      schema.security ??= [];
      return;
    }
    const prefix =
      level === 'admin'
        ? 'Auth: Admin.'
        : level === 'client'
          ? 'Auth: client token (booking page).'
          : 'Auth: Logged in (any role).';
    if (typeof schema.description === 'string' && schema.description.startsWith(prefix)) return;
    schema.security = [{ bearerAuth: [] }];
    schema.response = { 401: errorRef, ...(level === 'admin' ? { 403: errorRef } : {}), ...schema.response };
    schema.description = typeof schema.description === 'string' ? `${prefix} ${schema.description}` : prefix;
  });

  app.addHook('onRequest', async (request) => {
    const level = request.routeOptions.config?.auth;
    if (!level || level === 'none') return;
    if (level === 'client') {
      request.client = await readClient(request, db, signer);
      if (!request.client) throw new AppError(401, 'unauthenticated', 'Sign in first: no client token given');
      return;
    }
    const token = bearerToken(request);
    if (!token) throw new AppError(401, 'unauthenticated', 'Sign in first: no access token given');
    const claims = await signer.verify(token);
    if (!claims) throw new AppError(401, 'invalid_token', 'Access token is invalid or expired');
    if (claims.typ !== 'access') throw new AppError(401, 'invalid_token', 'A client token cannot be used here');
    const row =
      claims.sid === undefined
        ? await activeUser.first(db, { id: claims.sub })
        : await activeUserInSession.first(db, { id: claims.sub, sid: claims.sid, now: new Date().toISOString() });
    if (!row) throw new AppError(401, 'invalid_token', 'Access token is no longer valid: signed out, or sign in again');
    request.webSessionId = claims.sid ?? null;
    const { settings_version, ...user } = row;
    request.settingsVersion = settings_version;
    if (level === 'admin' && user.role !== 'admin') {
      throw new AppError(403, 'forbidden', 'This needs an admin account');
    }
    request.user = user;
  });

  // The handler runs inside the request's settings view (after the body is parsed: a parser's
  // stream events would leave it); the view closes with the response.
  app.addHook('preHandler', (request, _reply, done) => {
    const view = openSettingsView(db, request.settingsVersion);
    request.settingsView = view;
    inSettingsView(view, done);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    closeSettingsView(request.settingsView);
    done();
  });
}

/**
 * Whether the staff token `request` came with still admits its holder: not expired, the user
 * still active, and its web session (if it names one) still open, as the guard checked when the
 * request arrived. For an answer that lasts (the live event stream), which asks again as it goes
 * so that signing out, here or everywhere, or a deactivation ends it too.
 */
export function staffTokenCheck(request: FastifyRequest, db: Kysely<DB>, signer: TokenSigner): () => Promise<boolean> {
  const token = bearerToken(request);
  return async () => {
    if (!token) return false;
    const claims = await signer.verify(token);
    if (!claims || claims.typ !== 'access') return false;
    const row =
      claims.sid === undefined
        ? await activeUser.first(db, { id: claims.sub })
        : await activeUserInSession.first(db, { id: claims.sub, sid: claims.sid, now: new Date().toISOString() });
    return row !== undefined;
  };
}

/**
 * The client of a client token in the Authorization header, or null when there is none.
 * For the booking page's routes that take a client token when given (auth `none`) and the
 * `client` level. A staff token, a forged or expired one, or one of an erased or merged
 * client: 401.
 */
export async function readClient(
  request: FastifyRequest,
  db: Kysely<DB>,
  signer: TokenSigner,
): Promise<AuthClient | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await signer.verify(token);
  if (!claims) throw new AppError(401, 'invalid_token', 'Client token is invalid or expired');
  if (claims.typ !== 'client') throw new AppError(401, 'invalid_token', 'A staff token cannot be used here');
  let query = db
    .selectFrom('clients')
    .select(['id', 'name', 'email'])
    .where('id', '=', claims.sub)
    .where('erased_at', 'is', null)
    .where('merged_into_id', 'is', null);
  if (claims.sid !== undefined) {
    const session = { id: claims.sub, sid: claims.sid, now: new Date().toISOString() };
    query = query.where((eb) => eb.exists(openSession(db, 'client', session)));
  }
  const client = await query.executeTakeFirst();
  if (!client)
    throw new AppError(401, 'invalid_token', 'Client token is no longer valid: signed out, or sign in again');
  request.webSessionId = claims.sid ?? null;
  return client;
}

/** The client of a route whose auth level is `client`. */
export function currentClient(request: FastifyRequest): AuthClient {
  if (!request.client) throw new AppError(401, 'unauthenticated', 'Sign in first');
  return request.client;
}

/** The signed-in user of a route whose auth level is `user` or `admin`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, 'unauthenticated', 'Sign in first');
  return request.user;
}
