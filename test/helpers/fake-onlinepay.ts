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
