import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef, Listing, Ok, PageQuery } from '../../http/schemas.js';
import { FORGOT_PASSWORD_LIMITS, LOGIN_LIMITS, TOKEN_LIMITS } from './limits.js';
import {
  ChangePasswordBody,
  Device,
  DeviceBody,
  DeviceDeleteBody,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  LoginBody,
  LoginResponse,
  LogoutBody,
  Me,
  RefreshBody,
  RefreshResponse,
  RegisterBody,
  ResetPasswordBody,
  SetupBody,
  SetupResponse,
  SetupStatus,
  UserSummary,
  WebPushKey,
} from './schemas.js';
import * as auth from './service.js';
import { signOutEverywhere } from './sign-out-everywhere.js';
import { webSessionRoutes } from './web-session-routes.js';

const tags = ['auth'];

export async function authRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  await webSessionRoutes(instance, ctx);

  app.post('/api/auth/login', {
    config: { auth: 'none' },
    preHandler: app.limiter(LOGIN_LIMITS),
    schema: {
      operationId: 'login',
      tags,
      summary: 'Sign in with email and password',
      description:
        'With `mobile: true` a 30-day refresh token is returned too. Rate limited per IP and per email (429).',
      body: LoginBody,
      response: { 200: LoginResponse, 400: errorRef, 401: errorRef, 429: errorRef },
    },
    handler: (request) => auth.login(ctx, request.body, request.ip),
  });

  app.post('/api/auth/logout', {
    config: { auth: 'user' },
    // Every field is optional, so no body at all is a valid logout too.
    preValidation: async (request) => {
      if (request.body === undefined) request.body = {};
    },
    schema: {
      operationId: 'logout',
      tags,
      summary: 'Revoke a refresh token and/or remove a push device token of the caller',
      description:
        'Called with the access token of a browser session (POST /auth/web-session), that session ends as well and the ' +
        'token is refused from then on (401 `invalid_token`). An access token of POST /auth/login belongs to no session: ' +
        'it stays valid until it expires (8 hours); the refresh token given here is what logout revokes.',
      body: LogoutBody,
      response: { 200: Ok, 400: errorRef },
    },
    handler: async (request) => {
      await auth.logout(ctx, currentUser(request), request.body, request.webSessionId);
      return { ok: true as const };
    },
  });

  app.post('/api/auth/sign-out-everywhere', {
    config: { auth: 'user' },
    schema: {
      operationId: 'signOutEverywhere',
      tags,
      summary: 'Extension: sign the caller out of every browser and device',
      description:
        'Ends every browser session of the caller (their access tokens are refused at once, 401 `invalid_token`), revokes ' +
        'every refresh token and removes every push device token. An access token of POST /auth/login belongs to no session: ' +
        'it stays valid until it expires (8 hours) but can no longer be refreshed.',
      response: { 200: Ok },
    },
    handler: async (request) => {
      await signOutEverywhere(ctx.db, currentUser(request).id);
      return { ok: true as const };
    },
  });

  app.post('/api/auth/refresh', {
    config: { auth: 'none' },
    preHandler: app.limiter(TOKEN_LIMITS),
    schema: {
      operationId: 'refreshToken',
      tags,
      summary: 'Exchange a refresh token for a new access token and a new refresh token',
      description:
        'The presented token stops working. Presenting an already-exchanged token revokes every token of that sign-in.',
      body: RefreshBody,
      response: { 200: RefreshResponse, 400: errorRef, 401: errorRef, 429: errorRef },
    },
    handler: (request) => auth.refresh(ctx, request.body.refresh_token),
  });

  app.post('/api/auth/register', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'registerUser',
      tags,
      summary: 'Create a user with a temporary password sent by email',
      body: RegisterBody,
      response: { 200: UserSummary, 400: errorRef, 409: errorRef },
    },
    handler: (request) => auth.register(ctx, request.body),
  });

  app.post('/api/auth/forgot-password', {
    config: { auth: 'none' },
    preHandler: app.limiter(FORGOT_PASSWORD_LIMITS),
    schema: {
      operationId: 'forgotPassword',
      tags,
      summary: 'Email a password reset link (valid 1 hour)',
      description:
        'Always answers 200 with the same body, whether or not the email has an account. At most one email per account per 60 seconds.',
      body: ForgotPasswordBody,
      response: { 200: ForgotPasswordResponse, 400: errorRef, 429: errorRef },
    },
    handler: async (request) => {
      await auth.forgotPassword(ctx, request.body.email);
      return { ok: true as const, message: 'If an account exists for this email, a reset link is on its way.' };
    },
  });

  app.post('/api/auth/reset-password', {
    config: { auth: 'none' },
    preHandler: app.limiter(TOKEN_LIMITS),
    schema: {
      operationId: 'resetPassword',
      tags,
      summary: 'Set a new password with the token from the reset email',
      body: ResetPasswordBody,
      response: { 200: Ok, 400: errorRef, 429: errorRef },
    },
    handler: async (request) => {
      await auth.resetPassword(ctx, request.body);
      return { ok: true as const };
    },
  });

  app.get('/api/auth/me', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getMe',
      tags,
      summary: 'The signed-in user: id, name, email, role, require_password_change, bookable, can_change_prices',
      response: { 200: Me, 404: errorRef },
    },
    handler: (request) => auth.me(ctx.db, currentUser(request)),
  });

  app.post('/api/auth/change-password', {
    config: { auth: 'user' },
    schema: {
      operationId: 'changePassword',
      tags,
      summary: "Change the caller's password",
      description: '400 when newPassword and confirmPassword differ; 401 when the email or current password is wrong.',
      body: ChangePasswordBody,
      response: { 200: Ok, 400: errorRef },
    },
    handler: async (request) => {
      await auth.changePassword(ctx, currentUser(request), request.body);
      return { ok: true as const };
    },
  });

  app.get('/api/auth/users', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listUsers',
      tags,
      summary: 'List users, newest first',
      querystring: Type.Object(PageQuery),
      response: { 200: Listing(UserSummary), 400: errorRef },
    },
    handler: (request) => auth.listUsers(ctx.db, request.query),
  });

  app.post('/api/auth/device', {
    config: { auth: 'user' },
    schema: {
      operationId: 'registerDevice',
      tags,
      summary: 'Register a push device token for the caller',
      description: 'A token already registered to another user is reassigned to the caller.',
      body: DeviceBody,
      response: { 200: Device, 400: errorRef },
    },
    handler: (request) => auth.registerDevice(ctx.db, currentUser(request), request.body),
  });

  app.delete('/api/auth/device', {
    config: { auth: 'user' },
    schema: {
      operationId: 'removeDevice',
      tags,
      summary: "Remove one of the caller's push device tokens",
      body: DeviceDeleteBody,
      response: { 200: Ok, 400: errorRef },
    },
    handler: async (request) => {
      await auth.removeDevice(ctx.db, currentUser(request), request.body.token);
      return { ok: true as const };
    },
  });

  app.get('/api/auth/web-push-key', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getWebPushKey',
      tags,
      summary: 'Extension: the VAPID public key a browser subscribes to web push with (null when it is not configured)',
      description:
        'A browser registers its PushSubscription, subscribed with this key, through POST /auth/device with platform web.',
      response: { 200: WebPushKey },
    },
    handler: () => ({ public_key: ctx.config.push.webPush?.publicKey ?? null }),
  });

  app.get('/api/auth/setup-status', {
    config: { auth: 'none' },
    schema: {
      operationId: 'getSetupStatus',
      tags,
      summary: 'Whether first-time setup is still needed',
      response: { 200: SetupStatus },
    },
    handler: async () => ({ needsSetup: await auth.needsSetup(ctx.db) }),
  });

  app.post('/api/auth/setup', {
    config: { auth: 'none' },
    schema: {
      operationId: 'setUp',
      tags,
      summary: 'First-time setup: the first admin, the salon details and opening hours',
      description: 'Works only while no user exists; afterwards 400.',
      body: SetupBody,
      response: { 201: SetupResponse, 400: errorRef },
    },
    handler: async (request, reply) => {
      const result = await auth.setup(ctx, request.body);
      return reply.status(201).send(result);
    },
  });
}
