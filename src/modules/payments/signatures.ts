import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's default: a signed event older (or newer) than this is refused as a replay. */
export const CHECKOUT_SIGNATURE_TOLERANCE_SECONDS = 300;

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Verifies a `Stripe-Signature` header (`t=<unix seconds>,v1=<hex>[,v1=<hex>…]`): some v1 must
 * be HMAC-SHA256(secret, `${t}.${rawBody}`) in hex, and t within the tolerance of now.
 * `rawBody` must be the bytes as received: re-serialised JSON would not match.
 */
export function verifyCheckoutSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  now: Date = new Date(),
  toleranceSeconds = CHECKOUT_SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  if (!header || !secret) return false;
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value) timestamp = value;
    else if (key === 'v1' && value) signatures.push(value);
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return signatures.some((signature) => safeEqual(signature, expected));
}

/** Builds a `Stripe-Signature` header: what the checkout provider sends (the test fakes use it). */
export function signCheckoutPayload(rawBody: string, secret: string, at: Date = new Date()): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/*
 * Providers that sign nothing (the card terminal's and the online provider's callbacks) get a
 * callback URL that carries an HMAC of the payment id, keyed by a server secret. A forged call
 * (a guessed or altered id) is refused before we make any outbound request, so nobody can make
 * us hammer a provider's API; a genuine one is still only a hint (we fetch the status).
 */
function callbackKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('salon:payment-callbacks:v1').digest();
}

export function callbackToken(serverSecret: string, provider: string, paymentId: number): string {
  return createHmac('sha256', callbackKey(serverSecret)).update(`${provider}:${paymentId}`).digest('base64url');
}

export function verifyCallbackToken(serverSecret: string, provider: string, paymentId: number, token: string): boolean {
  return safeEqual(token, callbackToken(serverSecret, provider, paymentId));
}

/*
 * The return page's token (`/payment/return?payment_id=…&token=…`): an HMAC of the payment id
 * with its own key derived from the server secret, rather than a random token stored hashed.
 * The return URL is built each time a provider is asked for a checkout (a retried job, an
 * Idempotency-Key replay), so a stored token would need a migration and a write on a path
 * that must stay idempotent; an HMAC is the same every time, costs no storage, and is as
 * unguessable (256 bits). Its own label keeps it apart from the callback tokens above: one
 * cannot be used for the other. It reveals only how a payment its holder made ended.
 */
function returnKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('salon:payment-return:v1').digest();
}

export function returnToken(serverSecret: string, paymentId: number): string {
  return createHmac('sha256', returnKey(serverSecret)).update(String(paymentId)).digest('base64url');
}

export function verifyReturnToken(serverSecret: string, paymentId: number, token: string): boolean {
  return safeEqual(token, returnToken(serverSecret, paymentId));
}
