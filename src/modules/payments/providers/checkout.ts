import type { PaymentStatus } from '../types.js';
import { providerRequest } from './http.js';
import {
  ProviderError,
  type PaymentProvider,
  type ProviderPaymentRequest,
  type ProviderRefundRequest,
} from './types.js';

/*
 * The checkout provider: Stripe Checkout Sessions (form-encoded bodies, `Authorization:
 * Bearer sk_…`, amounts in minor units, an `Idempotency-Key` so a retried job cannot open a
 * second session). Stripe signs its webhooks (`Stripe-Signature`, see signatures.ts), so its
 * events are trusted as they come. A refund is POST /v1/refunds for the session's
 * payment_intent (read back from the session), with an Idempotency-Key per refund of ours.
 */
export function checkoutProvider(baseUrl: string, secretKey: string): PaymentProvider {
  const headers = { authorization: `Bearer ${secretKey}`, accept: 'application/json' };
  return {
    name: 'checkout',
    async create(request: ProviderPaymentRequest) {
      const form = new URLSearchParams({
        mode: 'payment',
        success_url: request.returnUrl,
        cancel_url: request.cancelUrl ?? request.returnUrl,
        client_reference_id: String(request.paymentId),
        'metadata[payment_id]': String(request.paymentId),
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': request.currency.toLowerCase(),
        'line_items[0][price_data][unit_amount]': String(request.amountCents),
        'line_items[0][price_data][product_data][name]': request.description.slice(0, 250) || 'Payment',
      });
      if (request.clientEmail) form.set('customer_email', request.clientEmail);
      if (request.expiresAt) form.set('expires_at', String(Math.floor(request.expiresAt.getTime() / 1000)));
      const body = (await providerRequest('Checkout provider', `${baseUrl}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': `salon-payment-${request.paymentId}`,
        },
        body: form.toString(),
      })) as { id?: unknown; url?: unknown } | null;
      if (typeof body?.id !== 'string' || !body.id || typeof body.url !== 'string') {
        throw new ProviderError('Checkout provider returned no session', true);
      }
      return { providerRef: body.id, checkoutUrl: body.url };
    },
    async fetchStatus(providerRef: string): Promise<PaymentStatus> {
      const body = (await providerRequest(
        'Checkout provider',
        `${baseUrl}/v1/checkout/sessions/${encodeURIComponent(providerRef)}`,
        { method: 'GET', headers },
      )) as { status?: unknown; payment_status?: unknown } | null;
      if (body?.payment_status === 'paid' || body?.payment_status === 'no_payment_required') return 'paid';
      if (body?.status === 'expired') return 'cancelled';
      return 'pending';
    },
    async refund(providerRef: string, request: ProviderRefundRequest) {
      const session = (await providerRequest(
        'Checkout provider',
        `${baseUrl}/v1/checkout/sessions/${encodeURIComponent(providerRef)}`,
        { method: 'GET', headers },
      )) as { payment_intent?: unknown } | null;
      if (typeof session?.payment_intent !== 'string' || !session.payment_intent) {
        throw new ProviderError('Checkout provider: the session has no payment to refund', false);
      }
      const body = (await providerRequest('Checkout provider', `${baseUrl}/v1/refunds`, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': `salon-refund-${request.refundId}`,
        },
        body: new URLSearchParams({
          payment_intent: session.payment_intent,
          amount: String(request.amountCents),
          'metadata[refund_id]': String(request.refundId),
        }).toString(),
      })) as { id?: unknown; status?: unknown } | null;
      if (typeof body?.id !== 'string' || !body.id)
        throw new ProviderError('Checkout provider returned no refund', true);
      if (body.status === 'failed' || body.status === 'canceled') {
        throw new ProviderError(`Checkout provider: the refund ${body.status}`, false);
      }
      return { refundRef: body.id };
    },
    async expire(providerRef: string): Promise<void> {
      // Stripe refuses (400) a session that is no longer open: paid, or expired already.
      await providerRequest(
        'Checkout provider',
        `${baseUrl}/v1/checkout/sessions/${encodeURIComponent(providerRef)}/expire`,
        { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: '' },
      );
    },
  };
}
