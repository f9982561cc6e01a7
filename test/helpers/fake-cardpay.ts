import { randomBytes, randomUUID } from 'node:crypto';
import { bearer, FakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http.js';

export type SumupStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED' | 'CANCELLED';

export interface FakeReaderCheckout {
  clientTransactionId: string;
  merchantCode: string;
  readerId: string;
  amount: { value: number; currency: string; minor_unit: number };
  description: string;
  returnUrl: string;
  status: SumupStatus;
}

/**
 * The card terminal provider (SumUp Cloud API for readers) as a real HTTP server:
 * POST /v0.1/merchants/:merchant_code/readers/:reader_id/checkout (JSON, amount in minor
 * units) → 201 `{ data: { client_transaction_id } }`, and the Transactions API
 * GET /v2.1/merchants/:merchant_code/transactions?client_transaction_id=… that the service
 * asks when a reader callback arrives.
 */
export class FakeCardpayProvider extends FakeHttpServer {
  readonly checkouts = new Map<string, FakeReaderCheckout>();
  /** Refunds as SumUp took them (POST /v0.1/me/refund/:txn_id), in cents per transaction. */
  readonly refunds: Array<{ transactionId: string; cents: number }> = [];

  constructor(
    readonly apiKey = `sup_sk_${randomBytes(12).toString('hex')}`,
    readonly merchantCode = 'MFAKE001',
    readonly readerId = 'rdr_FAKE0001',
  ) {
    super((request) => this.route(request));
  }

  setStatus(clientTransactionId: string, status: SumupStatus): void {
    this.checkouts.get(clientTransactionId)!.status = status;
  }

  private route(request: RecordedRequest): FakeReply {
    if (bearer(request) !== this.apiKey) {
      return { status: 401, json: { errors: { detail: 'Unauthorized' } } };
    }
    const checkout = /^\/v0\.1\/merchants\/([^/]+)\/readers\/([^/]+)\/checkout$/.exec(request.path);
    if (request.method === 'POST' && checkout) {
      if (checkout[1] !== this.merchantCode || checkout[2] !== this.readerId) {
        return { status: 404, json: { errors: { detail: 'Reader not found' } } };
      }
      const body = JSON.parse(request.body) as {
        total_amount?: FakeReaderCheckout['amount'];
        description?: string;
        return_url?: string;
      };
      const amount = body.total_amount;
      if (!amount || !Number.isInteger(amount.value) || amount.minor_unit !== 2 || !amount.currency) {
        return { status: 422, json: { errors: { detail: 'total_amount is invalid' } } };
      }
      const id = randomUUID();
      this.checkouts.set(id, {
        clientTransactionId: id,
        merchantCode: checkout[1],
        readerId: checkout[2],
        amount,
        description: body.description ?? '',
        returnUrl: body.return_url ?? '',
        status: 'PENDING',
      });
      return { status: 201, json: { data: { client_transaction_id: id } } };
    }
    // SumUp: terminate the reader's current checkout; it then reads CANCELLED.
    const terminate = /^\/v0\.1\/merchants\/([^/]+)\/readers\/([^/]+)\/terminate$/.exec(request.path);
    if (request.method === 'POST' && terminate) {
      for (const found of this.checkouts.values()) {
        if (found.readerId === terminate[2] && found.status === 'PENDING') found.status = 'CANCELLED';
      }
      return { status: 202, json: {} };
    }
    // SumUp: a refund of a successful transaction, amount in currency units, at most what is
    // left of it; 204 without a body.
    const refund = /^\/v0\.1\/me\/refund\/([^/]+)$/.exec(request.path);
    if (request.method === 'POST' && refund) {
      const found = this.checkouts.get(decodeURIComponent(refund[1]!));
      if (!found) return { status: 404, json: { error_code: 'NOT_FOUND', message: 'Resource not found' } };
      if (found.status !== 'SUCCESSFUL') {
        return { status: 409, json: { error_code: 'CONFLICT', message: 'The transaction cannot be refunded' } };
      }
      const amount = (JSON.parse(request.body || '{}') as { amount?: unknown }).amount;
      const cents = typeof amount === 'number' ? Math.round(amount * 100) : found.amount.value;
      const refunded = this.refunds
        .filter((r) => r.transactionId === found.clientTransactionId)
        .reduce((sum, r) => sum + r.cents, 0);
      if (cents <= 0 || cents > found.amount.value - refunded) {
        return {
          status: 400,
          json: { error_code: 'INVALID', message: 'The refund amount exceeds the transaction amount' },
        };
      }
      this.refunds.push({ transactionId: found.clientTransactionId, cents });
      return { status: 204 };
    }
    const transactions = /^\/v2\.1\/merchants\/([^/]+)\/transactions$/.exec(request.path);
    if (request.method === 'GET' && transactions) {
      const found = this.checkouts.get(request.query.get('client_transaction_id') ?? '');
      if (!found || transactions[1] !== this.merchantCode) {
        return { status: 404, json: { error_code: 'NOT_FOUND', message: 'Resource not found' } };
      }
      return {
        status: 200,
        json: {
          id: found.clientTransactionId,
          transaction_code: 'TFAKE',
          amount: found.amount.value / 100,
          currency: found.amount.currency,
          status: found.status,
        },
      };
    }
    return { status: 404, json: { message: 'Not found' } };
  }

  /** The callback body SumUp posts to the checkout's return_url. */
  callbackBody(clientTransactionId: string): Record<string, unknown> {
    const found = this.checkouts.get(clientTransactionId)!;
    return {
      id: randomUUID(),
      event_type: 'solo.transaction.updated',
      payload: {
        client_transaction_id: clientTransactionId,
        merchant_code: found.merchantCode,
        status: found.status === 'SUCCESSFUL' ? 'successful' : 'failed',
      },
      timestamp: new Date().toISOString(),
    };
  }
}
