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

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/** FCM error codes (google.firebase.fcm.v1.FcmError) that mean the token is no good. */
const DEAD_TOKEN_CODES = new Set(['UNREGISTERED', 'INVALID_ARGUMENT', 'SENDER_ID_MISMATCH']);

interface FcmErrorBody {
  error?: { status?: string; message?: string; details?: { '@type'?: string; errorCode?: string }[] };
}

function fcmErrorCode(body: FcmErrorBody): string | undefined {
  const detail = body.error?.details?.find((d) => d['@type']?.endsWith('google.firebase.fcm.v1.FcmError'));
  return detail?.errorCode ?? body.error?.status;
}

/**
 * Firebase Cloud Messaging, HTTP v1 API. Authenticates as the service account: a signed JWT
 * is exchanged for an OAuth 2 access token (RFC 7523), which is reused until shortly before
 * it expires.
 */
export class FcmProvider implements PushProvider {
  readonly name = 'fcm';
  private accessToken: { value: string; expiresAt: number } | null = null;

  constructor(private readonly config: NonNullable<PushConfig['fcm']>) {}

  private async token(): Promise<string> {
    if (this.accessToken && this.accessToken.expiresAt > Date.now() + 60_000) return this.accessToken.value;
    const key = await importPKCS8(this.config.privateKey, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.config.clientEmail)
      .setAudience(this.config.tokenUri)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    const response = await fetch(this.config.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || typeof body.access_token !== 'string') {
      throw new Error(`OAuth token exchange answered ${response.status}`);
    }
    this.accessToken = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }

  async send(token: string, message: PushMessage): Promise<PushOutcome> {
    let response: Response;
    try {
      const accessToken = await this.token();
      response = await fetch(
        `${this.config.apiUrl}/v1/projects/${encodeURIComponent(this.config.projectId)}/messages:send`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            message: {
              token,
              notification: { title: message.title, body: message.body },
              // FCM data values must be strings.
              data: { type: message.type, link: message.link ?? '' },
              android: { priority: 'high' },
            },
          }),
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        },
      );
    } catch (error) {
      return { kind: 'retry', reason: `FCM unreachable: ${(error as Error).message}` };
    }
    const body = (await response.json().catch(() => ({}))) as FcmErrorBody;
    if (response.ok) return delivered;
    const code = fcmErrorCode(body) ?? String(response.status);
    if (response.status === 401) {
      // The cached access token was revoked or expired early: fetch a new one next time.
      this.accessToken = null;
      return { kind: 'retry', reason: 'FCM refused the access token' };
    }
    if (DEAD_TOKEN_CODES.has(code) || response.status === 404) return { kind: 'dead', reason: `FCM: ${code}` };
    if (isTransientStatus(response.status)) return { kind: 'retry', reason: `FCM: ${code}` };
    return { kind: 'rejected', reason: `FCM: ${code}` };
  }
}
