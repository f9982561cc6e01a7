import type { PaymentStatus } from '../types.js';
import { providerRequest } from './http.js';
import {
  ProviderError,
  type PaymentProvider,
  type ProviderPaymentRequest,
  type ProviderRefundRequest,
} from './types.js';

export interface CardpayCredentials {
  apiKey: string;
  merchantCode: string;
  readerId: string;
}

/*
 * The card terminal: SumUp's Cloud API for a paired card reader (Solo). A reader checkout
 * pushes the amount to the reader; SumUp later POSTs to `return_url` when the transaction
 * changes. That callback is not signed, so it is only a hint: the status is read back from
 * the Transactions API by the client transaction id the checkout returned. A refund is
 * SumUp's `POST /v0.1/me/refund/{txn_id}` with the amount in currency units, for the
 * transaction's own id (read back from the Transactions API); SumUp answers 204.
 */
export function cardpayProvider(baseUrl: string, credentials: CardpayCredentials): PaymentProvider {
  const headers = {
    authorization: `Bearer ${credentials.apiKey}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  const merchant = encodeURIComponent(credentials.merchantCode);
  return {
    name: 'cardpay',
    async create(request: ProviderPaymentRequest) {
      const body = (await providerRequest(
        'Card terminal provider',
        `${baseUrl}/v0.1/merchants/${merchant}/readers/${encodeURIComponent(credentials.readerId)}/checkout`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            total_amount: { value: request.amountCents, currency: request.currency, minor_unit: 2 },
            description: request.description.slice(0, 100),
            return_url: request.callbackUrl,
          }),
        },
      )) as { data?: { client_transaction_id?: unknown } } | null;
      const ref = body?.data?.client_transaction_id;
      if (typeof ref !== 'string' || !ref) {
        throw new ProviderError('Card terminal provider returned no client_transaction_id', true);
      }
      return { providerRef: ref, checkoutUrl: null };
    },
    // SumUp: terminate the reader's current checkout (202); the transaction then reads CANCELLED.
    async cancel() {
      await providerRequest(
        'Card terminal provider',
        `${baseUrl}/v0.1/merchants/${merchant}/readers/${encodeURIComponent(credentials.readerId)}/terminate`,
        { method: 'POST', headers, body: '{}' },
      );
    },
    async refund(providerRef: string, request: ProviderRefundRequest) {
      const transaction = (await providerRequest(
        'Card terminal provider',
        `${baseUrl}/v2.1/merchants/${merchant}/transactions?client_transaction_id=${encodeURIComponent(providerRef)}`,
        { method: 'GET', headers },
      )) as { id?: unknown } | null;
      if (typeof transaction?.id !== 'string' || !transaction.id) {
        throw new ProviderError('Card terminal provider knows no transaction to refund', false);
      }
      await providerRequest(
        'Card terminal provider',
        `${baseUrl}/v0.1/me/refund/${encodeURIComponent(transaction.id)}`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({ amount: request.amountCents / 100 }),
        },
      );
      return { refundRef: transaction.id };
    },
    async fetchStatus(providerRef: string): Promise<PaymentStatus> {
      const body = (await providerRequest(
        'Card terminal provider',
        `${baseUrl}/v2.1/merchants/${merchant}/transactions?client_transaction_id=${encodeURIComponent(providerRef)}`,
        { method: 'GET', headers },
      )) as { status?: unknown } | null;
      switch (body?.status) {
        case 'SUCCESSFUL':
          return 'paid';
        case 'FAILED':
          return 'failed';
        case 'CANCELLED':
          return 'cancelled';
        default:
          return 'pending';
      }
    },
  };
}
