import { createHmac, randomBytes } from 'node:crypto';
import { bearer, FakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http.js';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string | null;
  /** What the line item is called (our payment's description), shown on the hosted page. */
  name: string;
  metadata: Record<string, string>;
  url: string;
  expires_at: number | null;
  /** The PaymentIntent a paid session made (refunds name it); null until paid. */
  payment_intent: string | null;
}

/** Where the fake sends its events, as a Stripe account's webhook endpoint is configured. */
export interface FakeWebhookEndpoint {
  url: string;
  secret: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The checkout provider (Stripe Checkout Sessions) as a real HTTP server: form-encoded
 * POST /v1/checkout/sessions with `Authorization: Bearer <secret key>` and an
 * Idempotency-Key (a repeated key returns the first session), GET /v1/checkout/sessions/:id,
 * POST /v1/checkout/sessions/:id/expire (refused once the session is no longer open),
 * and signed events built the way Stripe signs them.
 *
 * A session's `url` is a hosted page on the fake's own port, for browser tests: "Pay" marks
 * the session paid, sends the signed `checkout.session.completed` event to the webhook
 * endpoint (when one is set, as Stripe does before the browser is back) and redirects to
 * `success_url`; "Cancel" (when the session has a `cancel_url`) leaves it open and redirects
 * there, as Stripe's way back does.
 */
export class FakeCheckoutProvider extends FakeHttpServer {
  readonly sessions = new Map<string, FakeSession>();
  /** Refunds as Stripe made them (POST /v1/refunds), in cents per PaymentIntent. */
  readonly refunds: Array<{ id: string; paymentIntent: string; cents: number }> = [];
  private readonly refundByKey = new Map<string, unknown>();
  private readonly byIdempotencyKey = new Map<string, string>();
  /** Where "Pay" on the hosted page sends its event; null: the test sends events itself. */
  webhookEndpoint: FakeWebhookEndpoint | null = null;
  /** The HTTP status of each event the hosted page delivered, in order. */
  readonly deliveries: number[] = [];

  constructor(readonly secretKey = `sk_test_${randomBytes(8).toString('hex')}`) {
    super((request) => this.route(request));
  }

  private async route(request: RecordedRequest): Promise<FakeReply> {
    const hosted = /^\/c\/pay\/([^/]+)(?:\/(pay|cancel))?$/.exec(request.path);
    if (hosted) return this.hostedPage(request.method, decodeURIComponent(hosted[1]!), hosted[2]);
    if (bearer(request) !== this.secretKey) {
      return { status: 401, json: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    }
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return { status: 400, json: { error: { message: 'form-encoded body expected' } } };
      }
      const key = request.headers['idempotency-key'];
      if (typeof key === 'string' && this.byIdempotencyKey.has(key)) {
        return { status: 200, json: this.sessions.get(this.byIdempotencyKey.get(key)!) };
      }
      const form = new URLSearchParams(request.body);
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      if (form.get('mode') !== 'payment' || !Number.isInteger(amount) || !form.get('success_url')) {
        return { status: 400, json: { error: { message: 'Missing required param' } } };
      }
      // Stripe: a session may expire 30 minutes to 24 hours after its creation.
      const expiresAt = form.get('expires_at');
      if (expiresAt !== null) {
        const seconds = Number(expiresAt) - Date.now() / 1000;
        if (!Number.isInteger(Number(expiresAt)) || seconds < 30 * 60 - 5 || seconds > 24 * 3600) {
          return { status: 400, json: { error: { message: 'expires_at must be 30 minutes to 24 hours from now' } } };
        }
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [name, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match) metadata[match[1]!] = value;
      }
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        client_reference_id: form.get('client_reference_id'),
        customer_email: form.get('customer_email'),
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url'),
        name: form.get('line_items[0][price_data][product_data][name]') ?? '',
        metadata,
        url: `${this.url}/c/pay/${id}`,
        expires_at: expiresAt === null ? null : Number(expiresAt),
        payment_intent: null,
      };
      this.sessions.set(id, session);
      if (typeof key === 'string') this.byIdempotencyKey.set(key, id);
      return { status: 200, json: session };
    }
    // Stripe: a refund of a PaymentIntent (form-encoded), never more than is unrefunded; a
    // repeated Idempotency-Key answers the first refund.
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      const key = request.headers['idempotency-key'];
      if (typeof key === 'string' && this.refundByKey.has(key)) return { status: 200, json: this.refundByKey.get(key) };
      const form = new URLSearchParams(request.body);
      const intent = form.get('payment_intent');
      const session = [...this.sessions.values()].find((s) => s.payment_intent !== null && s.payment_intent === intent);
      if (!session) return { status: 400, json: { error: { message: `No such payment_intent: '${intent}'` } } };
      const left =
        session.amount_total -
        this.refunds.filter((r) => r.paymentIntent === intent).reduce((sum, r) => sum + r.cents, 0);
      const cents = form.get('amount') === null ? left : Number(form.get('amount'));
      if (!Number.isInteger(cents) || cents <= 0 || cents > left) {
        return {
          status: 400,
          json: {
            error: { message: `Refund amount (${cents}) is greater than unrefunded amount on charge (${left})` },
          },
        };
      }
      const id = `re_${randomBytes(12).toString('hex')}`;
      this.refunds.push({ id, paymentIntent: intent!, cents });
      const json = { id, object: 'refund', amount: cents, payment_intent: intent, status: 'succeeded' };
      if (typeof key === 'string') this.refundByKey.set(key, json);
      return { status: 200, json };
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(request.path);
    if (request.method === 'POST' && expire) {
      const session = this.sessions.get(decodeURIComponent(expire[1]!));
      if (!session) return { status: 404, json: { error: { message: 'No such checkout.session' } } };
      if (session.status !== 'open') {
        return {
          status: 400,
          json: { error: { message: 'Only Checkout Sessions with a status in ["open"] can be expired.' } },
        };
      }
      session.status = 'expired';
      return { status: 200, json: session };
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && match) {
      const session = this.sessions.get(decodeURIComponent(match[1]!));
      return session
        ? { status: 200, json: session }
        : { status: 404, json: { error: { message: 'No such session' } } };
    }
    return { status: 404, json: { error: { message: 'Unrecognized request URL' } } };
  }

  /** The hosted checkout page of a session, and its two buttons (plain forms: no script). */
  private async hostedPage(method: string, sessionId: string, action: string | undefined): Promise<FakeReply> {
    const session = this.sessions.get(sessionId);
    if (!session) return { status: 404, html: page('Not found', '<p>No such checkout session.</p>') };
    if (method === 'GET' && action === undefined) {
      if (session.status !== 'open') {
        return { status: 410, html: page('Checkout closed', `<p>This checkout session is ${session.status}.</p>`) };
      }
      const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
      const cancel = session.cancel_url
        ? `<form method="post" action="/c/pay/${session.id}/cancel"><button type="submit">Cancel</button></form>`
        : '';
      return {
        status: 200,
        html: page(
          'Fake checkout',
          `<p>${escapeHtml(session.name)}</p><p>Amount: ${escapeHtml(amount)}</p>` +
            `<form method="post" action="/c/pay/${session.id}/pay"><button type="submit">Pay ${escapeHtml(amount)}</button></form>` +
            cancel,
        ),
      };
    }
    if (method === 'POST' && action === 'pay') {
      if (session.status !== 'open') {
        return { status: 410, html: page('Checkout closed', `<p>This checkout session is ${session.status}.</p>`) };
      }
      if (this.webhookEndpoint) {
        const { body, signature } = this.event('checkout.session.completed', session.id, this.webhookEndpoint.secret);
        const response = await fetch(this.webhookEndpoint.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body,
        });
        this.deliveries.push(response.status);
      } else {
        session.status = 'complete';
        session.payment_status = 'paid';
        session.payment_intent ??= `pi_${randomBytes(12).toString('hex')}`;
      }
      return { status: 303, headers: { location: session.success_url } };
    }
    if (method === 'POST' && action === 'cancel' && session.cancel_url) {
      return { status: 303, headers: { location: session.cancel_url } };
    }
    return { status: 404, html: page('Not found', '<p>Unrecognized request.</p>') };
  }

  /** An event about `sessionId` (marking it paid for completed events) and its Stripe-Signature header. */
  event(
    type: string,
    sessionId: string,
    webhookSecret: string,
    options: { at?: Date; amountTotal?: number } = {},
  ): { body: string; signature: string } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`unknown session ${sessionId}`);
    if (type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded') {
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent ??= `pi_${randomBytes(12).toString('hex')}`;
    }
    if (type === 'checkout.session.expired') session.status = 'expired';
    const object = { ...session, amount_total: options.amountTotal ?? session.amount_total };
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const timestamp = Math.floor((options.at ?? new Date()).getTime() / 1000);
    const digest = createHmac('sha256', webhookSecret).update(`${timestamp}.${body}`).digest('hex');
    return { body, signature: `t=${timestamp},v1=${digest}` };
  }
}

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">` +
    `<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}
