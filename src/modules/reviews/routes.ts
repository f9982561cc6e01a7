import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { errorRef, IdParams, Listing } from '../../http/schemas.js';
import { ReviewListQuery, ReviewOut, ReviewPublishBody, ReviewSummaryOut } from './schemas.js';
import * as reviews from './service.js';

/** The admin's reviews (/api/reviews) and the booking page's summary of them. */
export async function reviewsRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/reviews', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listReviews',
      tags: ['reviews'],
      summary: 'Reviews, newest first (created_at, then id)',
      description:
        'Filters: `rating` (1–5), `staff_id`, `from`/`to` (days written, salon zone, both inclusive), `published` (0 or 1). A plain array; with `page`, the paginated envelope.',
      querystring: ReviewListQuery,
      response: { 200: Listing(ReviewOut), 400: errorRef },
    },
    handler: (request) => reviews.listReviews(ctx.db, request.query),
  });

  app.put('/api/reviews/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'publishReview',
      tags: ['reviews'],
      summary: 'Publish or hide a review on the booking page, or reply to it',
      description:
        "A hidden review still counts in staff performance. `reply`: the salon's answer, shown with the review on the booking page. An empty body: 400. Unknown review: 404.",
      params: IdParams,
      body: ReviewPublishBody,
      response: { 200: ReviewOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => reviews.curateReview(ctx.db, request.params.id, request.body),
  });

  app.get('/api/public/reviews/summary', {
    config: { auth: 'none' },
    schema: {
      operationId: 'getPublicReviewSummary',
      tags: ['public'],
      summary: 'The published reviews: average rating, count and the latest comments',
      description:
        '`average`: mean rating of the published reviews to one decimal (null when none); `count`; `latest`: the 5 newest published reviews with a non-empty comment, with the client’s first name only.',
      response: { 200: ReviewSummaryOut },
    },
    handler: () => reviews.reviewSummary(ctx.db),
  });
}
