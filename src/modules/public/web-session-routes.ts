import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errorRef, named, Ok } from '../../http/schemas.js';
import {
  clearSessionCookie,
  clearSignedInHint,
  CLIENT_SESSION_COOKIE,
  readSessionCookie,
  requireSameOrigin,
  setSessionCookie,
  setSignedInHint,
} from '../../http/session-cookie.js';
import { closeWebSession, WEB_SESSION_IDLE_MS } from '../auth/service.js';
import { CLIENT_LOGIN_LIMITS, PUBLIC_BODY_LIMIT, TOKEN_LIMITS } from './limits.js';
import { ClientLoginBody, ClientSummary } from './schemas.js';
import { clientWebRefresh, clientWebSignIn, noClientWebSession, type ClientWebSignIn } from './web-session.js';
import { badRequest } from '../../lib/errors.js';

const tags = ['public'];

// One object rather than a union of the two ways in: the body's validation strips unknown
// fields, which would strip one alternative's fields while checking the other.
const ClientWebSignInBody = Type.Object({
  email: Type.Optional(ClientLoginBody.properties.email),
  password: Type.Optional(ClientLoginBody.properties.password),
  magic_token: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'from the magic-link email; instead of email and password',
    }),
  ),
});

const ClientWebSession = named(
  'ClientWebSession',
  Type.Object({
    clientToken: Type.String({ description: 'Client token (JWT); keep it in memory only' }),
    expires_in: Type.Integer({ description: 'Seconds the client token is valid; refresh before' }),
    client: ClientSummary,
  }),
);

const cookieNote =
  'The session travels only in the httpOnly, `SameSite=Strict` cookie `salon_client_session` (path `/api/public/web-session`), ' +
  'with a page-readable flag `salon_client_signed_in=1` (path `/`, nothing secret) set and cleared alongside, so a page asks for a refresh only when there is a session; ' +
  'which no page script can read; inside another site’s iframe the browser does not send it, and the page keeps its token in memory only. ' +
  'A request from another site (`Sec-Fetch-Site: cross-site`, or a foreign `Origin`) is 403 `cross_origin_request`.';

/** The booking page's client sign-in in a browser (public/web-session.ts). */
export async function clientWebSessionRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const secure = ctx.config.publicBaseUrl.startsWith('https:');

  app.post('/api/public/web-session', {
    config: { auth: 'none' },
    bodyLimit: PUBLIC_BODY_LIMIT,
    preHandler: app.limiter(CLIENT_LOGIN_LIMITS),
    schema: {
      operationId: 'openClientWebSession',
      tags,
      summary: 'Client sign-in in a browser, by password or by a magic-link token',
      description: `${cookieNote} Wrong email or password: 401 \`invalid_credentials\`; an unknown, used or expired magic-link token: 400 \`invalid_token\`.`,
      body: ClientWebSignInBody,
      response: { 200: ClientWebSession, 400: errorRef, 401: errorRef, 403: errorRef, 429: errorRef },
    },
    handler: async (request, reply) => {
      requireSameOrigin(request, ctx.config.publicBaseUrl);
      const { email, password, magic_token: magicToken } = request.body;
      let input: ClientWebSignIn;
      if (magicToken !== undefined) input = { magic_token: magicToken };
      else if (email !== undefined && password !== undefined) input = { email, password };
      else throw badRequest('validation_failed', 'Send either email and password, or magic_token');
      const { sessionToken, body } = await clientWebSignIn(ctx, input, request.ip);
      setSessionCookie(reply, CLIENT_SESSION_COOKIE, sessionToken, WEB_SESSION_IDLE_MS, secure);
      setSignedInHint(reply, WEB_SESSION_IDLE_MS, secure);
      return body;
    },
  });

  app.post('/api/public/web-session/refresh', {
    config: { auth: 'none' },
    preHandler: app.limiter(TOKEN_LIMITS),
    schema: {
      operationId: 'refreshClientWebSession',
      tags,
      summary: 'A new client token for the browser’s session',
      description: `${cookieNote} No cookie, or a session that ended: 401 \`no_session\`.`,
      response: { 200: ClientWebSession, 401: errorRef, 403: errorRef, 429: errorRef },
    },
    handler: async (request, reply) => {
      requireSameOrigin(request, ctx.config.publicBaseUrl);
      const sessionToken = readSessionCookie(request, CLIENT_SESSION_COOKIE);
      const body = sessionToken === null ? null : await clientWebRefresh(ctx, sessionToken);
      if (sessionToken === null || body === null) {
        if (sessionToken !== null) clearSessionCookie(reply, CLIENT_SESSION_COOKIE, secure);
        clearSignedInHint(reply, secure);
        throw noClientWebSession();
      }
      setSessionCookie(reply, CLIENT_SESSION_COOKIE, sessionToken, WEB_SESSION_IDLE_MS, secure);
      setSignedInHint(reply, WEB_SESSION_IDLE_MS, secure);
      return body;
    },
  });

  app.delete('/api/public/web-session', {
    config: { auth: 'none' },
    schema: {
      operationId: 'closeClientWebSession',
      tags,
      summary: 'Client sign-out of this browser',
      description: `${cookieNote} Without a cookie it is still 200.`,
      response: { 200: Ok, 403: errorRef },
    },
    handler: async (request, reply) => {
      requireSameOrigin(request, ctx.config.publicBaseUrl);
      const sessionToken = readSessionCookie(request, CLIENT_SESSION_COOKIE);
      if (sessionToken !== null) await closeWebSession(ctx.db, 'client', sessionToken);
      clearSessionCookie(reply, CLIENT_SESSION_COOKIE, secure);
      clearSignedInHint(reply, secure);
      return { ok: true as const };
    },
  });
}
