import { createHash, randomBytes } from 'node:crypto';

/** An opaque single-purpose token (refresh, reset, magic link): 32 random bytes, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Opaque tokens are stored only as this hash. They carry 256 bits of entropy, so a fast hash
 * is enough: there is nothing to brute-force, unlike a password.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
