import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { errorRef } from '../../http/schemas.js';
import { PAYMENT_STATUS_LIMITS } from './limits.js';
import { publicPaymentStatus } from './payment-status.js';
import { PaymentStatusQuery, PublicPaymentStatus } from './schemas.js';

const tags = ['public'];

/** The page a client's browser returns to from a provider's checkout asks here how it ended. */
export async function publicPaymentRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/public/payment-status', {
    config: { auth: 'none' },
    preHandler: app.limiter(PAYMENT_STATUS_LIMITS),
    schema: {
      operationId: 'readPublicPaymentStatus',
      tags,
      summary: 'How a payment ended, for the page a hosted checkout returns to (`/payment/return`)',
      description:
        'Takes `payment_id` and `token` from the return URL the provider sent the browser back to ' +
        '(`{PUBLIC_BASE_URL}/payment/return?payment_id=…&token=…`, plus `&cancelled=1` when the client left the checkout ' +
        'without paying). Unknown payment or wrong token: 404 `not_found`, the same for both. While the payment is pending, ' +
        'the provider is asked for its status at most once every 15 seconds per payment (a slow or lost webhook), whoever ' +
        'asks; a provider that cannot be reached leaves it pending. A deposit carries the booking as its client sees it. ' +
        'Rate limited per IP (429).',
      querystring: PaymentStatusQuery,
      response: { 200: PublicPaymentStatus, 400: errorRef, 404: errorRef, 429: errorRef },
    },
    handler: (request) => publicPaymentStatus(ctx, request.query.payment_id, request.query.token),
  });
}
