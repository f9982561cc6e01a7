/** What a push notification says; the same for every platform. */
export interface PushMessage {
  /** The notification type (e.g. `booking.new`): lets the app route a tap. */
  type: string;
  title: string;
  body: string;
  /** Where a tap should lead in the app, if anywhere. */
  link: string | null;
}

export type PushPlatform = 'ios' | 'android' | 'web';

/**
 * How one delivery went:
 * - `delivered`: the provider accepted it;
 * - `dead`: the provider says the token will never work again (app uninstalled, subscription
 *   expired): the token is removed;
 * - `retry`: a passing failure (network, rate limit, provider outage): try again later;
 * - `rejected`: the provider refused this message for a reason retrying cannot fix, but the
 *   token may still be good: give up on this message only.
 */
export type PushOutcome =
  | { kind: 'delivered' }
  | { kind: 'dead'; reason: string }
  | { kind: 'retry'; reason: string }
  | { kind: 'rejected'; reason: string };

/** One push service. Implementations never throw: every failure is an outcome. */
export interface PushProvider {
  readonly name: string;
  send(token: string, message: PushMessage): Promise<PushOutcome>;
  close?(): void;
}

export const delivered: PushOutcome = { kind: 'delivered' };

/** How long a provider request may take before it counts as a passing failure. */
export const PUSH_TIMEOUT_MS = 10_000;

/** Outcome of an HTTP status that means "later" for every provider. */
export function isTransientStatus(status: number): boolean {
  return status === 429 || status >= 500;
}
