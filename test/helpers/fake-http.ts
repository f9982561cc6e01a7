import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a fake provider received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeReply {
  status: number;
  json?: unknown;
  /** A web page instead of JSON (a provider's hosted page, which a browser opens). */
  html?: string;
  /** More headers (the Location of a redirect). */
  headers?: Record<string, string>;
}

/**
 * A real HTTP server on 127.0.0.1 for a fake payment provider: the service under test talks
 * to it over the network exactly as to the real API. Every request is recorded; `failNext`
 * makes the next requests answer an error, as a provider outage would.
 */
export class FakeHttpServer {
  readonly requests: RecordedRequest[] = [];
  private server: Server | null = null;
  private failures: FakeReply[] = [];

  constructor(private readonly handle: (request: RecordedRequest) => FakeReply | Promise<FakeReply>) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  failNext(times: number, reply: FakeReply): void {
    for (let i = 0; i < times; i += 1) this.failures.push(reply);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.requests.push(recorded);
    let reply: FakeReply;
    try {
      reply = this.failures.shift() ?? (await this.handle(recorded));
    } catch (error) {
      reply = { status: 500, json: { message: String(error) } };
    }
    const type = reply.html === undefined ? 'application/json' : 'text/html; charset=utf-8';
    res.writeHead(reply.status, { 'content-type': type, ...reply.headers });
    res.end(reply.html ?? (reply.json === undefined ? '' : JSON.stringify(reply.json)));
  }
}

export function bearer(request: RecordedRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}
