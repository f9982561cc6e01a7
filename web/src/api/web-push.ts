import { api, unwrap } from './client';

/*
 * Web push on this browser: subscribed with the service's VAPID key through the office's service
 * worker (which shows what arrives, also with the office closed), and registered with the
 * service as a `web` device token: the PushSubscription as JSON, as the service reads it. The
 * subscription is the browser's own; the service only ever learns its endpoint and keys.
 */

/** Why this browser receives no pushes: it cannot, the salon has no key, or the person said no. */
export type PushState = 'unsupported' | 'off' | 'blocked' | 'on';

/** Whether this browser can take web push at all (a service worker, the Push API, notifications). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** This browser's subscription, when it has one (no worker registered yet means none). */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Where this browser stands: on only with a subscription and the person's permission. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && (await currentSubscription()) ? 'on' : 'off';
}

/** The VAPID key as the bytes `applicationServerKey` takes (it arrives as base64url). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Asks the person's permission, subscribes this browser and registers it with the service.
 * Resolves with the state reached: 'blocked' when the person (or the browser) said no.
 */
export async function turnPushOn(publicKey: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await unwrap(api.POST('/api/auth/device', { body: { token: JSON.stringify(subscription), platform: 'web' } }));
  return 'on';
}

/**
 * Unregisters this browser from the service and ends its subscription: on "Turn off" and at
 * sign-out, so that a shared desk computer stops receiving one person's notifications. Without
 * a network the service keeps the token, but the ended subscription makes the push service
 * answer 410, and the service then drops it.
 */
export async function turnPushOff(): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  await api.DELETE('/api/auth/device', { body: { token: JSON.stringify(subscription) } }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
