import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One webhook as the receiver got it, with what verifying its signature said. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** The body as `Webhook.verify` returned it; null when the signature did not verify. */
  verified: { type: string; timestamp: string; data: Record<string, unknown> } | null;
  /** The status this request was answered with. */
  answered: number;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for a salon's integration: it verifies every
 * request with the `standardwebhooks` package's own `verify` (as a receiver following the
 * docs would) and answers 204, or what `answer` says for that request.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** The endpoint's signing secret, as the creation answer showed it. */
  secret = '';
  /** How to answer a request (after it was recorded); default 204. */
  answer: (webhook: ReceivedWebhook) => number = () => 204;
  private server: Server | null = null;

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** The verified bodies received, in arrival order. */
  get events() {
    return this.received.map((webhook) => webhook.verified).filter((body) => body !== null);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = {
      'webhook-id': String(req.headers['webhook-id'] ?? ''),
      'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
      'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
    };
    let verified: ReceivedWebhook['verified'] = null;
    try {
      verified = new Webhook(this.secret).verify(body, headers) as ReceivedWebhook['verified'];
    } catch {
      verified = null;
    }
    const webhook: ReceivedWebhook = {
      id: headers['webhook-id'],
      timestamp: headers['webhook-timestamp'],
      signature: headers['webhook-signature'],
      body,
      verified,
      answered: 0,
    };
    webhook.answered = verified === null ? 401 : this.answer(webhook);
    this.received.push(webhook);
    res.writeHead(webhook.answered, { 'content-type': 'text/plain' });
    res.end(webhook.answered >= 300 ? `refused: ${webhook.answered}` : '');
  }
}
