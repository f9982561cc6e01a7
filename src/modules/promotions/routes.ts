import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { errorRef, IdParams, Listing, Ok } from '../../http/schemas.js';
import { PromotionCreateBody, PromotionListQuery, PromotionOut, PromotionUpdateBody } from './schemas.js';
import * as promotions from './service.js';

const tags = ['promotions'];

/** Promotions (discount codes), under /api/promotions; applied by POST /api/pos `discount_code`. */
export async function promotionRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/promotions', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listPromotions',
      tags,
      summary: 'List promotions, newest first, each with times_used and total_discount',
      querystring: PromotionListQuery,
      response: { 200: Listing(PromotionOut), 400: errorRef },
    },
    handler: (request) => promotions.listPromotions(ctx.db, request.query),
  });

  app.get('/api/promotions/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getPromotion',
      tags,
      summary: 'One promotion',
      params: IdParams,
      response: { 200: PromotionOut, 404: errorRef },
    },
    handler: (request) => promotions.getPromotion(ctx.db, request.params.id),
  });

  app.post('/api/promotions', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createPromotion',
      tags,
      summary: 'Create a promotion',
      description:
        '`code` is stored upper case and matched case-insensitively; 409 `code_taken`. `discount_value` is a percent (0–100) for `percentage`, currency units for `fixed`. `valid_from`/`valid_to` are inclusive dates in the salon time zone, either may be null (open). `applies_to` defaults to every item type.',
      body: PromotionCreateBody,
      response: { 201: PromotionOut, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => reply.status(201).send(await promotions.createPromotion(ctx, request.body)),
  });

  app.put('/api/promotions/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updatePromotion',
      tags,
      summary: 'Update a promotion; only the fields present change',
      params: IdParams,
      body: PromotionUpdateBody,
      response: { 200: PromotionOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => promotions.updatePromotion(ctx, request.params.id, request.body),
  });

  app.delete('/api/promotions/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deletePromotion',
      tags,
      summary: 'Delete a promotion that was never used',
      description: 'A used one is 409 `promotion_in_use`: deactivate it instead.',
      params: IdParams,
      response: { 200: Ok, 404: errorRef, 409: errorRef },
    },
    handler: async (request) => {
      await promotions.deletePromotion(ctx, request.params.id);
      return { ok: true as const };
    },
  });
}
