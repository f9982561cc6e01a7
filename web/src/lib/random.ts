/**
 * A random key (an Idempotency-Key): 32 hex characters. `crypto.getRandomValues` works on a
 * plain-http page too (a salon's own network), where `crypto.randomUUID` does not exist.
 */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
