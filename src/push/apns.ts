import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import type { PushConfig } from './config.js';
import {
  delivered,
  isTransientStatus,
  PUSH_TIMEOUT_MS,
  type PushMessage,
  type PushOutcome,
  type PushProvider,
} from './types.js';

type SigningKey = Awaited<ReturnType<typeof importPKCS8>>;

/** Apple accepts a provider token for an hour and dislikes new ones more often than every 20 minutes. */
const PROVIDER_TOKEN_TTL_MS = 50 * 60 * 1000;

/** Reasons (APNs `reason` field) that mean the device token is no good for this app. */
const DEAD_REASONS = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic']);

/**
 * Apple Push Notification service over HTTP/2 with token-based authentication (an ES256 JWT
 * signed with the .p8 key). One HTTP/2 connection is kept and reused, as Apple asks.
 */
export class ApnsProvider implements PushProvider {
  readonly name = 'apns';
  private session: ClientHttp2Session | null = null;
  private key: SigningKey | null = null;
  private providerToken: { value: string; issuedAt: number } | null = null;

  constructor(private readonly config: NonNullable<PushConfig['apns']>) {}

  private async authorization(): Promise<string> {
    if (this.providerToken && Date.now() - this.providerToken.issuedAt < PROVIDER_TOKEN_TTL_MS) {
      return this.providerToken.value;
    }
    this.key ??= await importPKCS8(this.config.privateKey, 'ES256');
    const issuedAt = Date.now();
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: this.config.keyId })
      .setIssuer(this.config.teamId)
      .setIssuedAt(Math.floor(issuedAt / 1000))
      .sign(this.key);
    this.providerToken = { value, issuedAt };
    return value;
  }

  private connection(): ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const session = connect(this.config.url);
    session.on('error', () => session.destroy());
    session.on('close', () => {
      if (this.session === session) this.session = null;
    });
    // An idle connection must not keep the process alive at shutdown.
    session.unref();
    this.session = session;
    return session;
  }

  async send(token: string, message: PushMessage): Promise<PushOutcome> {
    if (!/^[0-9a-fA-F]{16,200}$/.test(token)) return { kind: 'dead', reason: 'not an APNs device token' };
    let status: number;
    let reason: string | undefined;
    try {
      const authorization = await this.authorization();
      ({ status, reason } = await this.post(token, authorization, message));
    } catch (error) {
      return { kind: 'retry', reason: `APNs unreachable: ${(error as Error).message}` };
    }
    if (status === 200) return delivered;
    if (status === 410 || (reason !== undefined && DEAD_REASONS.has(reason))) {
      return { kind: 'dead', reason: `APNs: ${reason ?? status}` };
    }
    if (reason === 'ExpiredProviderToken' || reason === 'InvalidProviderToken') {
      this.providerToken = null;
      return { kind: 'retry', reason: `APNs: ${reason}` };
    }
    if (isTransientStatus(status)) return { kind: 'retry', reason: `APNs: ${reason ?? status}` };
    return { kind: 'rejected', reason: `APNs: ${reason ?? status}` };
  }

  private post(
    token: string,
    authorization: string,
    message: PushMessage,
  ): Promise<{ status: number; reason: string | undefined }> {
    const body = JSON.stringify({
      aps: { alert: { title: message.title, body: message.body }, sound: 'default' },
      type: message.type,
      link: message.link,
    });
    return new Promise((resolve, reject) => {
      const session = this.connection();
      const request = session.request({
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: `/3/device/${token}`,
        authorization: `bearer ${authorization}`,
        'apns-topic': this.config.topic,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'content-type': 'application/json',
      });
      request.setTimeout(PUSH_TIMEOUT_MS, () => request.close(constants.NGHTTP2_CANCEL));
      let status = 0;
      let text = '';
      request.setEncoding('utf8');
      request.on('response', (headers) => {
        status = Number(headers[constants.HTTP2_HEADER_STATUS]);
      });
      request.on('data', (chunk: string) => {
        text += chunk;
      });
      request.on('end', () => {
        if (status === 0) return reject(new Error('no response'));
        let reason: string | undefined;
        try {
          reason = text ? (JSON.parse(text) as { reason?: string }).reason : undefined;
        } catch {
          reason = undefined;
        }
        resolve({ status, reason });
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  close(): void {
    this.session?.close();
    this.session = null;
  }
}
