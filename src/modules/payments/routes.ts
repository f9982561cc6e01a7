import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { errorRef, IdParams, Listing } from '../../http/schemas.js';
import { readTimezone } from '../settings/service.js';
import {
  CallbackParams,
  CardpayCallbackBody,
  CheckoutWebhookBody,
  CheckoutWebhookHeaders,
  OnlinepayCallbackBody,
  PaymentOut,
  PaymentsQuery,
  WebhookAck,
} from './schemas.js';
import { getPayment, listPayments } from './payment-views.js';
import { handleCallbackWebhook, handleCheckoutWebhook, refreshPayment } from './webhooks.js';

const tags = ['payments'];

export async function paymentsRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/payments', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listPayments',
      tags,
      summary: 'Payments (POS orders, no-show fees), newest first',
      description:
        'Filter by `purpose` and `reference_id` to see the payments of one POS order or one booking’s no-show fee.',
      querystring: PaymentsQuery,
      response: { 200: Listing(PaymentOut), 400: errorRef },
    },
    handler: async (request) => listPayments(ctx.db, await readTimezone(ctx.db), request.query),
  });

  app.get('/api/payments/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getPayment',
      tags,
      summary: 'One payment',
      params: IdParams,
      response: { 200: PaymentOut, 404: errorRef },
    },
    handler: async (request) => getPayment(ctx.db, await readTimezone(ctx.db), request.params.id),
  });

  app.post('/api/payments/:id/refresh', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'refreshPayment',
      tags,
      summary: 'Ask the provider for a pending payment’s status now (a missed webhook)',
      description:
        'A pending payment with a provider reference is looked up at its provider and settled when final; any other payment is returned as it is. 502 when the provider cannot be reached, 503 when it is no longer configured.',
      params: IdParams,
      response: { 200: PaymentOut, 404: errorRef, 502: errorRef, 503: errorRef },
    },
    handler: (request) => refreshPayment(ctx, request.params.id),
  });

  // The checkout provider signs the raw bytes: in this scope JSON is kept as text.
  await instance.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<TypeBoxTypeProvider>().post('/api/payments/webhooks/checkout', {
      config: { auth: 'none' },
      schema: {
        operationId: 'receiveCheckoutWebhook',
        tags,
        summary: 'Checkout provider webhook (Stripe events)',
        description:
          'Authenticated by the `Stripe-Signature` header (HMAC-SHA256 of `t.body` with `checkout_webhook_secret`, 5-minute tolerance); a bad signature is 401 and changes nothing. Handles `checkout.session.completed`, `checkout.session.async_payment_succeeded`, `checkout.session.async_payment_failed`, `checkout.session.expired`.',
        headers: CheckoutWebhookHeaders,
        body: CheckoutWebhookBody,
        response: { 200: WebhookAck, 400: errorRef, 401: errorRef },
      },
      handler: (request) => handleCheckoutWebhook(ctx, request.body, request.headers['stripe-signature']),
    });
  });

  // The online provider posts `id=tr_…` form-encoded.
  await instance.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.withTypeProvider<TypeBoxTypeProvider>().post('/api/payments/webhooks/onlinepay/:payment_id/:token', {
      config: { auth: 'none' },
      schema: {
        operationId: 'receiveOnlinePayWebhook',
        tags,
        summary: 'Online payment provider webhook (Mollie)',
        description:
          'The URL carries an HMAC of the payment id (a forged URL is 401, before any call to the provider). The body is only a hint: the status is fetched from the provider.',
        params: CallbackParams,
        body: OnlinepayCallbackBody,
        response: { 200: WebhookAck, 401: errorRef, 404: errorRef, 502: errorRef, 503: errorRef },
      },
      handler: (request) =>
        handleCallbackWebhook(ctx, 'onlinepay', request.params.payment_id, request.params.token, request.body?.id),
    });
  });

  app.post('/api/payments/webhooks/cardpay/:payment_id/:token', {
    config: { auth: 'none' },
    schema: {
      operationId: 'receiveCardPayWebhook',
      tags,
      summary: 'Card terminal provider callback (SumUp reader checkout)',
      description:
        'The URL carries an HMAC of the payment id (a forged URL is 401, before any call to the provider). The body is only a hint: the status is fetched from the provider’s Transactions API.',
      params: CallbackParams,
      body: CardpayCallbackBody,
      response: { 200: WebhookAck, 401: errorRef, 404: errorRef, 502: errorRef, 503: errorRef },
    },
    handler: (request) =>
      handleCallbackWebhook(
        ctx,
        'cardpay',
        request.params.payment_id,
        request.params.token,
        request.body?.payload?.client_transaction_id,
      ),
  });
}
