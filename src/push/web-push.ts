import type webpush from 'web-push';
import type { PushConfig } from './config.js';
import {
  delivered,
  isTransientStatus,
  PUSH_TIMEOUT_MS,
  type PushMessage,
  type PushOutcome,
  type PushProvider,
} from './types.js';

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * A `web` device token is the browser's PushSubscription as JSON
 * (`JSON.stringify(subscription)`: endpoint plus p256dh and auth keys).
 */
export function parseSubscription(token: string, allowHttp: boolean): Subscription | string {
  let value: unknown;
  try {
    value = JSON.parse(token);
  } catch {
    return 'not a PushSubscription JSON';
  }
  const candidate = value as Partial<Subscription> | null;
  if (
    typeof candidate?.endpoint !== 'string' ||
    typeof candidate.keys?.p256dh !== 'string' ||
    typeof candidate.keys.auth !== 'string'
  ) {
    return 'PushSubscription lacks endpoint or keys';
  }
  let url: URL;
  try {
    url = new URL(candidate.endpoint);
  } catch {
    return 'endpoint is not a URL';
  }
  // Browsers' push services are all https; anything else would let a token point the
  // server at an internal address.
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) return 'endpoint is not https';
  return { endpoint: candidate.endpoint, keys: { p256dh: candidate.keys.p256dh, auth: candidate.keys.auth } };
}

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291).
 * The `web-push` package does the cryptography and builds the request; the request itself goes
 * through fetch so that a timeout and the response status are ours to read.
 */
export class WebPushProvider implements PushProvider {
  readonly name = 'web-push';

  constructor(
    private readonly vapid: NonNullable<PushConfig['webPush']>,
    private readonly allowHttp: boolean,
  ) {}

  async send(token: string, message: PushMessage): Promise<PushOutcome> {
    const subscription = parseSubscription(token, this.allowHttp);
    if (typeof subscription === 'string') return { kind: 'dead', reason: subscription };
    // Loaded with the first notification rather than at every start.
    const { default: webPush } = await import('web-push');
    let request: webpush.RequestDetails;
    try {
      request = webPush.generateRequestDetails(subscription, JSON.stringify(message), {
        vapidDetails: this.vapid,
        TTL: 24 * 60 * 60,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      });
    } catch (error) {
      // Keys the browser would never have produced: the subscription is unusable.
      return { kind: 'dead', reason: `invalid subscription keys: ${(error as Error).message}` };
    }
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? undefined,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        redirect: 'error',
      });
      await response.arrayBuffer();
    } catch (error) {
      return { kind: 'retry', reason: `push service unreachable: ${(error as Error).message}` };
    }
    if (response.ok) return delivered;
    // RFC 8030 §7.3: 404 and 410 mean the subscription is gone for good.
    if (response.status === 404 || response.status === 410) {
      return { kind: 'dead', reason: `push service answered ${response.status}` };
    }
    if (isTransientStatus(response.status))
      return { kind: 'retry', reason: `push service answered ${response.status}` };
    return { kind: 'rejected', reason: `push service answered ${response.status}` };
  }
}
