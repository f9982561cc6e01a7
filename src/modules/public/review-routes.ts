import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { errorRef } from '../../http/schemas.js';
import { PUBLIC_BODY_LIMIT, REVIEW_LIMITS, TOKEN_LIMITS } from './limits.js';
import { readReviewedVisitByToken } from './link-reads.js';
import { createReview } from './reviews.js';
import { LinkedBooking, ReviewBody, ReviewOut, TokenQuery } from './schemas.js';

export async function publicReviewRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/public/reviews/visit', {
    config: { auth: 'none' },
    preHandler: app.limiter(TOKEN_LIMITS),
    schema: {
      operationId: 'readReviewedVisit',
      tags: ['public'],
      summary: 'The visit a review link rates, read without reviewing it',
      description:
        '`token` is the booking’s `feedback_token` (from the review request email). `answered` once the visit has its ' +
        'review. Unknown token: 404. Rate limited per IP (429).',
      querystring: TokenQuery,
      response: { 200: LinkedBooking, 400: errorRef, 404: errorRef, 429: errorRef },
    },
    handler: (request) => readReviewedVisitByToken(ctx, request.query.token),
  });

  app.post('/api/public/reviews', {
    config: { auth: 'none' },
    bodyLimit: PUBLIC_BODY_LIMIT,
    preHandler: app.limiter(REVIEW_LIMITS),
    schema: {
      operationId: 'createReview',
      tags: ['public'],
      summary: 'Review a completed visit with its feedback token',
      description:
        '`token` is the booking’s `feedback_token` (from the review request email); `rating` an integer 1–5 (else 400). ' +
        'Unknown token: 404. One review per booking: a second is 409 `review_exists`. Admins and the staff member get a ' +
        '`review.new` notification. Rate limited per IP (429).',
      body: ReviewBody,
      response: { 201: ReviewOut, 400: errorRef, 404: errorRef, 409: errorRef, 429: errorRef },
    },
    handler: async (request, reply) => reply.code(201).send(await createReview(ctx, request.body)),
  });
}
