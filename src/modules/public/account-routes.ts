import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { currentClient } from '../../http/auth.js';
import { errorRef, IdParams, Ok } from '../../http/schemas.js';
import { cancelClientBooking } from '../bookings/service.js';
import * as accounts from './accounts.js';
import { ACCOUNT_LIMITS, CLIENT_LOGIN_LIMITS, MAGIC_LINK_LIMITS, PUBLIC_BODY_LIMIT, TOKEN_LIMITS } from './limits.js';
import { moveAvailability } from './availability.js';
import {
  AvailableSlot,
  ClientLoginBody,
  ClientPasswordBody,
  ClientProfile,
  ClientProfileBody,
  ClientSession,
  MagicLinkBody,
  MagicLinkResponse,
  MoveAvailabilityQuery,
  MoveMyBookingBody,
  MyBooking,
  MyBookingsQuery,
  PublicBooking,
  VerifyMagicQuery,
} from './schemas.js';
import { moveMyBooking } from './self-service.js';
import { toPublicBooking } from './view.js';

const tags = ['public'];

/** Client sign-in (password, magic link) and the signed-in client's self-service. */
export async function publicAccountRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/api/public/client-login', {
    config: { auth: 'none' },
    bodyLimit: PUBLIC_BODY_LIMIT,
    preHandler: app.limiter(CLIENT_LOGIN_LIMITS),
    schema: {
      operationId: 'clientLogin',
      tags,
      summary: 'Client sign-in with email and password → clientToken (30 days)',
      description:
        'Present the token as `Authorization: Bearer <clientToken>` on the booking page’s endpoints. Staff endpoints refuse it (401). ' +
        'Wrong email or password (or no password set yet): 401 `invalid_credentials`. Rate limited per IP and per email (429).',
      body: ClientLoginBody,
      response: { 200: ClientSession, 400: errorRef, 401: errorRef, 429: errorRef },
    },
    handler: (request) => accounts.clientLogin(ctx, request.body, request.ip),
  });

  app.post('/api/public/client-magic-link', {
    config: { auth: 'none' },
    bodyLimit: PUBLIC_BODY_LIMIT,
    preHandler: app.limiter(MAGIC_LINK_LIMITS),
    schema: {
      operationId: 'requestClientMagicLink',
      tags,
      summary: 'Email a one-time sign-in link (15 minutes) to a client',
      description:
        'Always 200 with the same body, whether or not the email is a client’s. The email links to ' +
        '`{PUBLIC_BASE_URL}/client/magic?token=…` (with `&return=…` when `return_to` is given); at most one per client per minute.',
      body: MagicLinkBody,
      response: { 200: MagicLinkResponse, 400: errorRef, 429: errorRef },
    },
    handler: async (request) => {
      await accounts.requestMagicLink(ctx, request.body.email, request.body.return_to);
      return { ok: true as const, message: 'If this email belongs to a client, a sign-in link is on its way.' };
    },
  });

  app.get('/api/public/client-verify-magic', {
    config: { auth: 'none' },
    preHandler: app.limiter(TOKEN_LIMITS),
    schema: {
      operationId: 'verifyClientMagicLink',
      tags,
      summary: 'Exchange a magic-link token for a clientToken',
      description: 'The link works once: its token is deleted here. Unknown, used or expired: 400 `invalid_token`.',
      querystring: VerifyMagicQuery,
      response: { 200: ClientSession, 400: errorRef, 429: errorRef },
    },
    handler: (request) => accounts.verifyMagicLink(ctx, request.query.token),
  });

  app.get('/api/public/me', {
    config: { auth: 'client' },
    schema: {
      operationId: 'getMyClientProfile',
      tags,
      summary: 'The signed-in client’s profile',
      response: { 200: ClientProfile },
    },
    handler: (request) => accounts.clientProfile(ctx.db, currentClient(request).id),
  });

  app.put('/api/public/me', {
    config: { auth: 'client' },
    bodyLimit: PUBLIC_BODY_LIMIT,
    preHandler: app.limiter(ACCOUNT_LIMITS),
    schema: {
      operationId: 'updateMyClientProfile',
      tags,
      summary: 'Change the signed-in client’s name or phone (the email stays: it is the sign-in)',
      body: ClientProfileBody,
      response: { 200: ClientProfile, 400: errorRef, 429: errorRef },
    },
    handler: (request) => accounts.updateClientProfile(ctx, currentClient(request).id, request.body),
  });

  app.post('/api/public/me/password', {
    config: { auth: 'client' },
    bodyLimit: PUBLIC_BODY_LIMIT,
    preHandler: app.limiter(ACCOUNT_LIMITS),
    schema: {
      operationId: 'setMyClientPassword',
      tags,
      summary: 'Set the signed-in client’s password (min 8), e.g. after signing in by magic link',
      body: ClientPasswordBody,
      response: { 200: Ok, 400: errorRef, 429: errorRef },
    },
    handler: async (request) => {
      await accounts.setClientPassword(ctx, currentClient(request).id, request.body.password);
      return { ok: true as const };
    },
  });

  app.get('/api/public/me/bookings', {
    config: { auth: 'client' },
    schema: {
      operationId: 'listMyBookings',
      tags,
      summary: 'The signed-in client’s bookings, cancelled ones included',
      description:
        '`scope=upcoming`: not yet started and not cancelled, soonest first. `scope=past`: started, or cancelled (whenever for), newest first. Without: all, newest first. ' +
        'Each with `actions`: whether cancelling and moving it online is allowed now, until when, and else why not.',
      querystring: MyBookingsQuery,
      response: { 200: Type.Array(MyBooking), 400: errorRef },
    },
    handler: (request) => accounts.clientBookings(ctx.db, currentClient(request).id, request.query.scope),
  });

  app.get('/api/public/me/bookings/:id/availability', {
    config: { auth: 'client' },
    schema: {
      operationId: 'getMyBookingMoveAvailability',
      tags,
      summary: 'The starts one of the signed-in client’s bookings can move to on a date',
      description:
        'The starts POST …/move accepts (bar a change meanwhile): the booking’s service and member (`staff_id`: another, when ' +
        '`booking_allow_staff_choice`, else 400 `staff_choice_disabled`), the rules of GET /public/availability, the booking ' +
        'itself not counting as busy. A read: whether the booking may still move is in GET /public/me/bookings (`actions.move`). ' +
        'Another client’s booking: 404.',
      params: IdParams,
      querystring: MoveAvailabilityQuery,
      response: { 200: Type.Array(AvailableSlot), 400: errorRef, 404: errorRef },
    },
    handler: (request) => moveAvailability(ctx, currentClient(request), request.params.id, request.query),
  });

  app.post('/api/public/me/bookings/:id/cancel', {
    config: { auth: 'client' },
    preHandler: app.limiter(ACCOUNT_LIMITS),
    schema: {
      operationId: 'cancelMyBooking',
      tags,
      summary: 'Cancel one of the signed-in client’s bookings',
      description:
        'Only a scheduled or provisional booking (else 409 `invalid_transition` / `already_cancelled`), and no later than ' +
        '`cancellation_window_hours` before it starts (else 409 `too_late_to_cancel`). Another client’s booking: 404. ' +
        'Side effects as a cancellation by the salon: `booking.cancelled` job, slot offered to the waitlist.',
      params: IdParams,
      response: { 200: PublicBooking, 400: errorRef, 404: errorRef, 409: errorRef, 429: errorRef },
    },
    handler: async (request) =>
      toPublicBooking(await cancelClientBooking(ctx, currentClient(request).id, request.params.id)),
  });

  app.post('/api/public/me/bookings/:id/move', {
    config: { auth: 'client' },
    bodyLimit: PUBLIC_BODY_LIMIT,
    preHandler: app.limiter(ACCOUNT_LIMITS),
    schema: {
      operationId: 'moveMyBooking',
      tags,
      summary: 'Move one of the signed-in client’s bookings to a start availability offers',
      description:
        'The rules of the move link (POST /public/booking-actions/move): scheduled or provisional, outside ' +
        '`cancellation_window_hours` (else 409 `too_late_to_move`), not a part of a visit (409 `part_of_visit`), the new ' +
        'start judged as a new booking’s under the same locks (400 codes of POST /public/bookings; taken: 409 `slot_taken`). ' +
        'Another client’s booking: 404.',
      params: IdParams,
      body: MoveMyBookingBody,
      response: { 200: PublicBooking, 400: errorRef, 404: errorRef, 409: errorRef, 429: errorRef },
    },
    handler: async (request) =>
      toPublicBooking(await moveMyBooking(ctx, currentClient(request).id, request.params.id, request.body)),
  });
}
