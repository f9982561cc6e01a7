import type { PaymentStatus } from '../types.js';
import { providerRequest } from './http.js';
import {
  ProviderError,
  type PaymentProvider,
  type ProviderPaymentRequest,
  type ProviderRefundRequest,
} from './types.js';

export interface OnlinepayCredentials {
  apiKey: string;
  /** A Mollie terminal id (`term_…`): the payment goes to that terminal; empty: a hosted checkout. */
  terminalId: string;
}

/*
 * Online payments: Mollie's Payments API (JSON, `Authorization: Bearer <key>`, amounts as a
 * decimal string). With a terminal id the payment is `method: pointofsale` on that terminal;
 * without, a hosted checkout whose link the till shows. Mollie's webhook carries only
 * `id=tr_…` (form-encoded) and is not signed: it is a hint, and the status is fetched back
 * with GET /v2/payments/:id, as Mollie intends. A refund is POST /v2/payments/:id/refunds
 * (amount as a decimal string, an Idempotency-Key per refund of ours).
 */
export function onlinepayProvider(baseUrl: string, credentials: OnlinepayCredentials): PaymentProvider {
  const headers = {
    authorization: `Bearer ${credentials.apiKey}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  return {
    name: 'onlinepay',
    async create(request: ProviderPaymentRequest) {
      const payload: Record<string, unknown> = {
        amount: { currency: request.currency, value: (request.amountCents / 100).toFixed(2) },
        description: request.description.slice(0, 255),
        webhookUrl: request.callbackUrl,
        metadata: { payment_id: request.paymentId },
      };
      if (credentials.terminalId) {
        payload.method = 'pointofsale';
        payload.terminalId = credentials.terminalId;
      } else {
        payload.redirectUrl = request.returnUrl;
      }
      const body = (await providerRequest('Online payment provider', `${baseUrl}/v2/payments`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `salon-payment-${request.paymentId}` },
        body: JSON.stringify(payload),
      })) as { id?: unknown; _links?: { checkout?: { href?: unknown } } } | null;
      if (typeof body?.id !== 'string' || !body.id) {
        throw new ProviderError('Online payment provider returned no payment id', true);
      }
      const href = body._links?.checkout?.href;
      return { providerRef: body.id, checkoutUrl: typeof href === 'string' ? href : null };
    },
    async refund(providerRef: string, request: ProviderRefundRequest) {
      const body = (await providerRequest(
        'Online payment provider',
        `${baseUrl}/v2/payments/${encodeURIComponent(providerRef)}/refunds`,
        {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': `salon-refund-${request.refundId}` },
          body: JSON.stringify({
            amount: { currency: request.currency, value: (request.amountCents / 100).toFixed(2) },
            description: request.description.slice(0, 140),
            metadata: { refund_id: request.refundId },
          }),
        },
      )) as { id?: unknown } | null;
      if (typeof body?.id !== 'string' || !body.id) {
        throw new ProviderError('Online payment provider returned no refund id', true);
      }
      return { refundRef: body.id };
    },
    async fetchStatus(providerRef: string): Promise<PaymentStatus> {
      const body = (await providerRequest(
        'Online payment provider',
        `${baseUrl}/v2/payments/${encodeURIComponent(providerRef)}`,
        { method: 'GET', headers },
      )) as { status?: unknown } | null;
      switch (body?.status) {
        case 'paid':
          return 'paid';
        case 'failed':
          return 'failed';
        case 'canceled':
        case 'expired':
          return 'cancelled';
        default:
          return 'pending'; // open, pending, authorized
      }
    },
  };
}
