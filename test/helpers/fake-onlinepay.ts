import { randomBytes } from 'node:crypto';
import { bearer, FakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http.js';

export type MollieStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface FakeMolliePayment {
  resource: 'payment';
  id: string;
  status: MollieStatus;
  amount: { currency: string; value: string };
  description: string;
  method: string | null;
  terminalId?: string;
  webhookUrl: string;
  redirectUrl?: string;
  _links: { checkout?: { href: string; type: string } };
}

/**
 * The online payment provider (Mollie Payments API) as a real HTTP server: JSON
 * POST /v2/payments (amount as a decimal string; `method: pointofsale` needs a terminalId,
 * otherwise a redirectUrl is required and a checkout link comes back) and GET /v2/payments/:id.
 * Mollie's webhook carries only `id=tr_…`; `setStatus` changes what the GET answers.
 */
export class FakeOnlinepayProvider extends FakeHttpServer {
  readonly payments = new Map<string, FakeMolliePayment>();
  /** Refunds as Mollie keeps them (POST /v2/payments/:id/refunds), in cents per payment. */
  readonly refunds: Array<{ id: string; paymentId: string; cents: number }> = [];
  private readonly refundByKey = new Map<string, unknown>();

  constructor(readonly apiKey = `test_${randomBytes(12).toString('hex')}`) {
    super((request) => this.route(request));
  }

  setStatus(id: string, status: MollieStatus): void {
    this.payments.get(id)!.status = status;
  }

  private route(request: RecordedRequest): FakeReply {
    if (bearer(request) !== this.apiKey) {
      return { status: 401, json: { status: 401, title: 'Unauthorized Request', detail: 'Missing authentication' } };
    }
    if (request.method === 'POST' && request.path === '/v2/payments') {
      const body = JSON.parse(request.body) as Partial<FakeMolliePayment>;
      const invalid = (detail: string): FakeReply => ({
        status: 422,
        json: { status: 422, title: 'Unprocessable Entity', detail },
      });
      if (!body.amount || !/^\d+\.\d{2}$/.test(body.amount.value) || !body.amount.currency) {
        return invalid('The amount is invalid');
      }
      if (!body.description) return invalid('The description is missing');
      if (body.method === 'pointofsale' && !body.terminalId) return invalid('The terminal id is missing');
      if (body.method !== 'pointofsale' && !body.redirectUrl) return invalid('The redirect URL is missing');
      const id = `tr_${randomBytes(6).toString('hex')}`;
      const payment: FakeMolliePayment = {
        resource: 'payment',
        id,
        status: 'open',
        amount: body.amount,
        description: body.description,
        method: body.method ?? null,
        ...(body.terminalId ? { terminalId: body.terminalId } : {}),
        webhookUrl: body.webhookUrl ?? '',
        ...(body.redirectUrl ? { redirectUrl: body.redirectUrl } : {}),
        _links:
          body.method === 'pointofsale'
            ? {}
            : { checkout: { href: `https://www.mollie.fake/checkout/select-method/${id}`, type: 'text/html' } },
      };
      this.payments.set(id, payment);
      return { status: 201, json: payment };
    }
    // Mollie: only a paid payment can be refunded, never more than what is left of it; a
    // repeated Idempotency-Key answers the first refund.
    const refund = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(request.path);
    if (request.method === 'POST' && refund) {
      const key = request.headers['idempotency-key'];
      if (typeof key === 'string' && this.refundByKey.has(key)) return { status: 201, json: this.refundByKey.get(key) };
      const payment = this.payments.get(decodeURIComponent(refund[1]!));
      if (!payment)
        return { status: 404, json: { status: 404, title: 'Not Found', detail: 'No payment exists with token' } };
      const body = JSON.parse(request.body) as { amount?: { currency?: string; value?: string } };
      const invalid = (detail: string): FakeReply => ({
        status: 422,
        json: { status: 422, title: 'Unprocessable Entity', detail },
      });
      if (payment.status !== 'paid') return invalid('The payment cannot be refunded');
      if (
        !body.amount?.value ||
        !/^\d+\.\d{2}$/.test(body.amount.value) ||
        body.amount.currency !== payment.amount.currency
      ) {
        return invalid('The amount is invalid');
      }
      const cents = Math.round(Number(body.amount.value) * 100);
      const refunded = this.refunds.filter((r) => r.paymentId === payment.id).reduce((sum, r) => sum + r.cents, 0);
      if (cents > Math.round(Number(payment.amount.value) * 100) - refunded) {
        return invalid('The amount is higher than the amount remaining');
      }
      const id = `re_${randomBytes(6).toString('hex')}`;
      this.refunds.push({ id, paymentId: payment.id, cents });
      const json = { resource: 'refund', id, amount: body.amount, status: 'pending', paymentId: payment.id };
      if (typeof key === 'string') this.refundByKey.set(key, json);
      return { status: 201, json };
    }
    const match = /^\/v2\/payments\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && match) {
      const payment = this.payments.get(decodeURIComponent(match[1]!));
      return payment
        ? { status: 200, json: payment }
        : { status: 404, json: { status: 404, title: 'Not Found', detail: 'No payment exists with token' } };
    }
    return { status: 404, json: { status: 404, title: 'Not Found', detail: 'Unknown endpoint' } };
  }
}
