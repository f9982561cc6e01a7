import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errorRef, named, Ok } from '../../http/schemas.js';
import {
  clearSessionCookie,
  readSessionCookie,
  requireSameOrigin,
  setSessionCookie,
  STAFF_SESSION_COOKIE,
} from '../../http/session-cookie.js';
import { LOGIN_LIMITS, TOKEN_LIMITS } from './limits.js';
import { LoginBody, SessionUser } from './schemas.js';
import { noWebSession, webRefresh, webSignIn } from './web-sign-in.js';
import { closeWebSession, WEB_SESSION_IDLE_MS } from './web-sessions.js';

const tags = ['auth'];

const WebSignInBody = Type.Pick(LoginBody, ['email', 'password']);

const WebSession = named(
  'WebSession',
  Type.Object({
    token: Type.String({
      description:
        'Access token (JWT) of this session; keep it in memory only. Refused (401 `invalid_token`) as soon as the session ends',
    }),
    expires_in: Type.Integer({ description: 'Seconds the access token is valid (900); refresh before' }),
    user: SessionUser,
  }),
);

const cookieNote =
  'The session itself travels only in the httpOnly, `SameSite=Strict` cookie `salon_session` (path `/api/auth/web-session`), ' +
  'which no page script can read. A request from another site (`Sec-Fetch-Site: cross-site`, or a foreign `Origin`) is 403 `cross_origin_request`.';

/** The back office's sign-in in a browser (auth/web-sessions.ts). */
export async function webSessionRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const secure = ctx.config.publicBaseUrl.startsWith('https:');

  app.post('/api/auth/web-session', {
    config: { auth: 'none' },
    preHandler: app.limiter(LOGIN_LIMITS),
    schema: {
      operationId: 'openWebSession',
      tags,
      summary: 'Sign in in a browser: a session cookie and an in-memory access token',
      description: `${cookieNote} Wrong credentials: 401 \`invalid_credentials\`; rate limited like login (429).`,
      body: WebSignInBody,
      response: { 200: WebSession, 400: errorRef, 401: errorRef, 403: errorRef, 429: errorRef },
    },
    handler: async (request, reply) => {
      requireSameOrigin(request, ctx.config.publicBaseUrl);
      const { sessionToken, body } = await webSignIn(ctx, request.body, request.ip);
      setSessionCookie(reply, STAFF_SESSION_COOKIE, sessionToken, WEB_SESSION_IDLE_MS, secure);
      return body;
    },
  });

  app.post('/api/auth/web-session/refresh', {
    config: { auth: 'none' },
    preHandler: app.limiter(TOKEN_LIMITS),
    schema: {
      operationId: 'refreshWebSession',
      tags,
      summary: 'A new access token for the browser’s session (on every page load, and before the last one expires)',
      description: `${cookieNote} No cookie, or a session that ended (signed out, password changed, 30 days unused, 180 days old, user deactivated): 401 \`no_session\`.`,
      response: { 200: WebSession, 401: errorRef, 403: errorRef, 429: errorRef },
    },
    handler: async (request, reply) => {
      requireSameOrigin(request, ctx.config.publicBaseUrl);
      const sessionToken = readSessionCookie(request, STAFF_SESSION_COOKIE);
      if (sessionToken === null) throw noWebSession();
      const body = await webRefresh(ctx, sessionToken);
      if (body === null) {
        clearSessionCookie(reply, STAFF_SESSION_COOKIE, secure);
        throw noWebSession();
      }
      // Sent again so that the browser's expiry follows the session's sliding one.
      setSessionCookie(reply, STAFF_SESSION_COOKIE, sessionToken, WEB_SESSION_IDLE_MS, secure);
      return body;
    },
  });

  app.delete('/api/auth/web-session', {
    config: { auth: 'none' },
    schema: {
      operationId: 'closeWebSession',
      tags,
      summary: 'Sign out of this browser: the session ends and its cookie is cleared',
      description: `${cookieNote} Without a cookie it is still 200: the browser is signed out either way.`,
      response: { 200: Ok, 403: errorRef },
    },
    handler: async (request, reply) => {
      requireSameOrigin(request, ctx.config.publicBaseUrl);
      const sessionToken = readSessionCookie(request, STAFF_SESSION_COOKIE);
      if (sessionToken !== null) await closeWebSession(ctx.db, 'staff', sessionToken);
      clearSessionCookie(reply, STAFF_SESSION_COOKIE, secure);
      return { ok: true as const };
    },
  });
}
