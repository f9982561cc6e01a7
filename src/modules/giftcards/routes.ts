import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef, IdParams, Listing, Ok } from '../../http/schemas.js';
import {
  CodeParams,
  GiftCardCreateBody,
  GiftCardDetailOut,
  GiftCardListQuery,
  GiftCardOut,
  GiftCardResentOut,
  GiftCardUpdateBody,
} from './schemas.js';
import * as giftcards from './service.js';

const tags = ['giftcards'];

/** Gift cards, under /api/giftcards. Sold through the till with POST /api/pos `gift_cards`. */
export async function giftcardsRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/giftcards', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listGiftCards',
      tags,
      summary: 'List gift cards, newest first',
      description: '`active` and `client_id` (the buyer) filter; `page` activates pagination.',
      querystring: GiftCardListQuery,
      response: { 200: Listing(GiftCardOut), 400: errorRef },
    },
    handler: (request) => giftcards.listGiftCards(ctx.db, request.query),
  });

  app.get('/api/giftcards/code/:code', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getGiftCardByCode',
      tags,
      summary: 'Look a gift card up by its code (case, spaces and dashes do not matter), with its history',
      params: CodeParams,
      response: { 200: GiftCardDetailOut, 404: errorRef },
    },
    handler: (request) => giftcards.getGiftCardByCode(ctx.db, request.params.code),
  });

  app.get('/api/giftcards/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getGiftCard',
      tags,
      summary: 'One gift card with its history (issue and redemptions)',
      params: IdParams,
      response: { 200: GiftCardDetailOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => giftcards.getGiftCard(ctx.db, request.params.id),
  });

  app.post('/api/giftcards', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createGiftCard',
      tags,
      summary: 'Issue a gift card directly (not through a sale at the till)',
      description:
        'A fresh unguessable code is generated. With `recipient_email` the card is emailed (with a QR code of the code when `giftcard_qr_enabled`). 400 `unknown_client`.',
      body: GiftCardCreateBody,
      response: { 201: GiftCardDetailOut, 400: errorRef },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await giftcards.createGiftCard(ctx, currentUser(request), request.body)),
  });

  app.put('/api/giftcards/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateGiftCard',
      tags,
      summary: 'Change expiry, active flag, recipient name or message; the balance changes only by redemption',
      params: IdParams,
      body: GiftCardUpdateBody,
      response: { 200: GiftCardDetailOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => giftcards.updateGiftCard(ctx, request.params.id, request.body),
  });

  app.post('/api/giftcards/:id/resend', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'resendGiftCardEmail',
      tags,
      summary: "Send the card's email again, to the recipient email it was issued to",
      description:
        'The same email as at issue (the code, the face value, the message). 409 `no_recipient_email` when the card has none, `gift_card_inactive` when deactivated.',
      params: IdParams,
      response: { 200: GiftCardResentOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => giftcards.resendGiftCardEmail(ctx, request.params.id),
  });

  app.delete('/api/giftcards/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteGiftCard',
      tags,
      summary: 'Delete a gift card that was never sold nor spent',
      description: 'Otherwise 409 `gift_card_in_use`: deactivate it instead (`active: 0`).',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: async (request) => {
      await giftcards.deleteGiftCard(ctx, request.params.id);
      return { ok: true as const };
    },
  });
}
