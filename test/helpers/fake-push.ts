import { createECDH, createPublicKey, generateKeyPairSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttp2Server, type Http2Server, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import webpush from 'web-push';
import type { PushConfig } from '../../src/push/config.js';

/*
 * Stand-ins for the three push services, each speaking its real protocol over real HTTP:
 * - Web Push (RFC 8030): checks the VAPID JWT (RFC 8292) against the server's public key and
 *   decrypts the aes128gcm payload (RFC 8291) with the "browser's" private key;
 * - FCM HTTP v1: the OAuth 2 JWT-bearer token exchange, then messages:send with that token;
 * - APNs: HTTP/2 (cleartext here; Apple's is TLS), ES256 provider token, /3/device/<token>.
 * Each records what it received, and answers with the status a test chose per token.
 */

const require = createRequire(import.meta.url);
const ece = require('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: ECDH; authSecret: Buffer }): Buffer;
};

export interface ReceivedPush {
  service: 'web' | 'fcm' | 'apns';
  token: string;
  title: string;
  body: string;
  type: string;
  link: string | null;
}

/** A browser's push subscription whose private key the fake holds, to decrypt what it gets. */
interface BrowserSubscription {
  id: string;
  ecdh: ECDH;
  auth: Buffer;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class FakePushServices {
  readonly received: ReceivedPush[] = [];
  /** Status to answer per token (web: subscription id); 200/201 when unset. */
  readonly answers = new Map<string, number>();
  readonly rejectedAuth: string[] = [];
  private http: Server | null = null;
  private http2: Http2Server | null = null;
  private readonly sessions = new Set<ServerHttp2Session>();
  private readonly subscriptions = new Map<string, BrowserSubscription>();
  private readonly vapid = webpush.generateVAPIDKeys();
  private readonly fcmKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly apnsKeys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  private readonly accessTokens = new Set<string>();
  private readonly dir = mkdtempSync(join(tmpdir(), 'fake-push-'));
  private httpUrl = '';
  private http2Url = '';

  async start(): Promise<this> {
    this.http = createServer((request, response) => {
      void this.handleHttp(request)
        .then(({ status, body }) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(body === undefined ? '' : JSON.stringify(body));
        })
        .catch((error: unknown) => {
          response.writeHead(500);
          response.end(String(error));
        });
    });
    await new Promise<void>((resolve) => this.http!.listen(0, '127.0.0.1', resolve));
    this.httpUrl = `http://127.0.0.1:${(this.http.address() as AddressInfo).port}`;

    this.http2 = createHttp2Server();
    this.http2.on('session', (session) => {
      this.sessions.add(session);
      session.on('close', () => this.sessions.delete(session));
    });
    this.http2.on('stream', (stream, headers) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void this.handleApns(headers, Buffer.concat(chunks)).then(({ status, reason }) => {
          stream.respond({ ':status': status, 'content-type': 'application/json' });
          stream.end(reason ? JSON.stringify({ reason }) : '');
        });
      });
    });
    await new Promise<void>((resolve) => this.http2!.listen(0, '127.0.0.1', resolve));
    this.http2Url = `http://127.0.0.1:${(this.http2.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.http?.closeAllConnections();
    await new Promise<void>((resolve) => (this.http ? this.http.close(() => resolve()) : resolve()));
    // The service keeps its HTTP/2 connection open, as Apple asks: end it from this side.
    for (const session of this.sessions) session.destroy();
    await new Promise<void>((resolve) => (this.http2 ? this.http2.close(() => resolve()) : resolve()));
  }

  /** The service's push configuration, pointing every provider at this fake. */
  config(): PushConfig {
    const serviceAccount = join(this.dir, 'service-account.json');
    writeFileSync(
      serviceAccount,
      JSON.stringify({
        project_id: 'salon-test',
        client_email: 'push@salon-test.iam.gserviceaccount.com',
        private_key: this.fcmKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }),
        token_uri: `${this.httpUrl}/oauth2/token`,
      }),
    );
    return {
      webPush: {
        publicKey: this.vapid.publicKey,
        privateKey: this.vapid.privateKey,
        subject: 'mailto:owner@example.com',
      },
      webPushAllowHttp: true,
      fcm: {
        projectId: 'salon-test',
        clientEmail: 'push@salon-test.iam.gserviceaccount.com',
        privateKey: this.fcmKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
        tokenUri: `${this.httpUrl}/oauth2/token`,
        apiUrl: this.httpUrl,
      },
      apns: {
        keyId: 'KEY1234567',
        teamId: 'TEAM123456',
        topic: 'nl.salon.app',
        privateKey: this.apnsKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
        url: this.http2Url,
      },
    };
  }

  /** A new browser subscription, as `JSON.stringify(pushSubscription)` — the `web` device token. */
  newWebSubscription(): { token: string; id: string } {
    const id = randomBytes(6).toString('hex');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.subscriptions.set(id, { id, ecdh, auth });
    const token = JSON.stringify({
      endpoint: `${this.httpUrl}/wp/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    });
    return { token, id };
  }

  private async handleHttp(request: IncomingMessage): Promise<{ status: number; body?: unknown }> {
    const url = new URL(request.url ?? '/', this.httpUrl);
    const body = await readBody(request);
    if (request.method === 'POST' && url.pathname.startsWith('/wp/')) return this.handleWebPush(request, url, body);
    if (request.method === 'POST' && url.pathname === '/oauth2/token') return this.handleOauth(body);
    if (request.method === 'POST' && url.pathname === '/v1/projects/salon-test/messages:send') {
      return this.handleFcm(request, body);
    }
    return { status: 404, body: { error: 'not found' } };
  }

  private async handleWebPush(request: IncomingMessage, url: URL, body: Buffer) {
    const id = url.pathname.slice('/wp/'.length);
    const subscription = this.subscriptions.get(id);
    if (!subscription) return { status: 404 };
    // Authorization: vapid t=<JWT>, k=<server public key>
    const match = /^vapid t=([^,\s]+),\s*k=([^,\s]+)$/.exec(String(request.headers.authorization ?? ''));
    if (!match || match[2] !== this.vapid.publicKey || request.headers['content-encoding'] !== 'aes128gcm') {
      this.rejectedAuth.push(id);
      return { status: 401 };
    }
    const raw = Buffer.from(this.vapid.publicKey, 'base64url');
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    };
    try {
      await jwtVerify(match[1]!, createPublicKey({ key: jwk, format: 'jwk' }), { audience: this.httpUrl });
    } catch {
      this.rejectedAuth.push(id);
      return { status: 403 };
    }
    const answer = this.answers.get(id);
    if (answer) return { status: answer };
    const plain = ece.decrypt(body, {
      version: 'aes128gcm',
      privateKey: subscription.ecdh,
      authSecret: subscription.auth,
    });
    const message = JSON.parse(plain.toString('utf8')) as {
      type: string;
      title: string;
      body: string;
      link: string | null;
    };
    this.received.push({ service: 'web', token: id, ...message });
    return { status: 201 };
  }

  private async handleOauth(body: Buffer) {
    const form = new URLSearchParams(body.toString('utf8'));
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return { status: 400 };
    const publicKey = await importSPKI(
      this.fcmKeys.publicKey.export({ type: 'spki', format: 'pem' }) as string,
      'RS256',
    );
    try {
      const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
        issuer: 'push@salon-test.iam.gserviceaccount.com',
        audience: `${this.httpUrl}/oauth2/token`,
      });
      if (payload.scope !== 'https://www.googleapis.com/auth/firebase.messaging') return { status: 400 };
    } catch {
      return { status: 400, body: { error: 'invalid_grant' } };
    }
    const accessToken = randomBytes(16).toString('hex');
    this.accessTokens.add(accessToken);
    return { status: 200, body: { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' } };
  }

  private async handleFcm(request: IncomingMessage, body: Buffer) {
    const bearer = /^Bearer (\S+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    if (!bearer || !this.accessTokens.has(bearer)) {
      return { status: 401, body: { error: { code: 401, status: 'UNAUTHENTICATED' } } };
    }
    const { message } = JSON.parse(body.toString('utf8')) as {
      message: { token: string; notification: { title: string; body: string }; data: { type: string; link: string } };
    };
    const answer = this.answers.get(message.token);
    if (answer === 404) {
      return {
        status: 404,
        body: {
          error: {
            code: 404,
            status: 'NOT_FOUND',
            details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
          },
        },
      };
    }
    if (answer) return { status: answer, body: { error: { code: answer, status: 'UNAVAILABLE' } } };
    this.received.push({
      service: 'fcm',
      token: message.token,
      title: message.notification.title,
      body: message.notification.body,
      type: message.data.type,
      link: message.data.link || null,
    });
    return { status: 200, body: { name: `projects/salon-test/messages/${randomBytes(4).toString('hex')}` } };
  }

  private async handleApns(headers: Record<string, string | string[] | undefined>, body: Buffer) {
    const path = String(headers[':path'] ?? '');
    const token = /^\/3\/device\/([0-9a-fA-F]+)$/.exec(path)?.[1];
    if (headers[':method'] !== 'POST' || !token) return { status: 404, reason: 'BadPath' };
    const jwt = /^bearer (\S+)$/.exec(String(headers.authorization ?? ''))?.[1];
    if (!jwt) return { status: 403, reason: 'MissingProviderToken' };
    try {
      if (decodeProtectedHeader(jwt).kid !== 'KEY1234567') return { status: 403, reason: 'InvalidProviderToken' };
      await jwtVerify(jwt, this.apnsKeys.publicKey, { issuer: 'TEAM123456', algorithms: ['ES256'] });
    } catch {
      return { status: 403, reason: 'InvalidProviderToken' };
    }
    if (headers['apns-topic'] !== 'nl.salon.app') return { status: 400, reason: 'DeviceTokenNotForTopic' };
    const answer = this.answers.get(token);
    if (answer === 410) return { status: 410, reason: 'Unregistered' };
    if (answer) return { status: answer, reason: 'ServiceUnavailable' };
    const payload = JSON.parse(body.toString('utf8')) as {
      aps: { alert: { title: string; body: string } };
      type: string;
      link: string | null;
    };
    this.received.push({
      service: 'apns',
      token,
      title: payload.aps.alert.title,
      body: payload.aps.alert.body,
      type: payload.type,
      link: payload.link,
    });
    return { status: 200, reason: undefined };
  }
}
