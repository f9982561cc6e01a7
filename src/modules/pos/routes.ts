import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef, IdParams, Listing } from '../../http/schemas.js';
import { listFavorites, saveFavorites } from './favorites.js';
import { createOrderAndCollect } from './payment.js';
import { FavoriteOut, FavoritesBody, OrderCreateBody, OrderListQuery, OrderOut, OrderSummaryOut } from './schemas.js';
import * as pos from './service.js';

const tags = ['pos'];

/** POS orders and favourites (spec 4.4b), under /api/pos. */
export async function posRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  // Spec routing quirk 3: `/pos/favorites` is never an order id. Fastify's static segment
  // beats `:id`; the favourites routes below serve GET and PUT.
  app.get('/api/pos/favorites', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listPosFavorites',
      tags,
      summary: 'The signed-in staff member’s favourite till items, by position',
      response: { 200: Type.Array(FavoriteOut) },
    },
    handler: (request) => listFavorites(ctx.db, currentUser(request).id),
  });

  app.put('/api/pos/favorites', {
    config: { auth: 'user' },
    schema: {
      operationId: 'replacePosFavorites',
      tags,
      summary: 'Replace the signed-in staff member’s favourites',
      description:
        'An array of `{ type, id, position }` (at most 200; each item once) replaces the whole list. An unknown or archived item is 400 `unknown_item`. Answers the list as GET does.',
      body: FavoritesBody,
      response: { 200: Type.Array(FavoriteOut), 400: errorRef },
    },
    handler: (request) => saveFavorites(ctx.db, currentUser(request).id, request.body),
  });

  app.get('/api/pos', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listPosOrders',
      tags,
      summary: 'List POS orders, newest first (created_at, then id, descending)',
      description: '`client_id` and `staff_id` filter; `page` activates pagination. Each with `item_count`.',
      querystring: OrderListQuery,
      response: { 200: Listing(OrderSummaryOut), 400: errorRef },
    },
    handler: (request) => pos.listOrders(ctx.db, request.query),
  });

  app.post('/api/pos', {
    config: { auth: 'user' },
    schema: {
      operationId: 'createPosOrder',
      tags,
      summary: 'Ring up an order: lines, discount code, gift card, loyalty points, payment',
      description:
        'See the API guide (POS) for the maths and every rule. 400 `unknown_client`, `client_inactive`, `unknown_staff`, `unknown_item`, `unknown_discount_code`, `unknown_gift_card`, `unknown_reward`; ' +
        '409 `insufficient_stock`, `promotion_not_valid`, `promotion_used_up`, `promotion_client_limit`, `gift_card_expired`, `gift_card_empty`, `loyalty_disabled`, `insufficient_points`, `no_package_credit`. Answers 201 with the order, its lines, the gift cards it sold and its payment.',
      body: OrderCreateBody,
      response: { 201: OrderOut, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const order = await createOrderAndCollect(ctx, currentUser(request), request.body);
      return reply.status(201).send(order);
    },
  });

  app.get('/api/pos/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getPosOrder',
      tags,
      summary: 'One POS order with its lines',
      description: 'The spec leaves the auth level open: any signed-in user, like the list.',
      params: IdParams,
      response: { 200: OrderOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => pos.getOrder(ctx.db, request.params.id),
  });
}
