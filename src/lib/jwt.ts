import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { Role } from '../db/types.js';

export const ACCESS_TOKEN_TTL_SECONDS = 8 * 60 * 60;
export const CLIENT_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A web session's client token lives in the page's memory and is renewed from the session cookie. */
export const WEB_CLIENT_TOKEN_TTL_SECONDS = 60 * 60;
/** Verified tokens remembered per process (see TokenSigner.verify); forgotten all at once when full. */
const VERIFIED_TOKENS_KEPT = 10_000;

export type TokenClaims = { typ: 'access'; sub: number; role: Role } | { typ: 'client'; sub: number };

/** Signs and verifies the service's JWTs (HS256). No JWT code is written by hand. */
export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(userId: number, role: Role): Promise<string> {
    return new SignJWT({ typ: 'access', role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  async signClient(clientId: number, ttlSeconds: number = CLIENT_TOKEN_TTL_SECONDS): Promise<string> {
    return new SignJWT({ typ: 'client' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(clientId))
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * Tokens whose signature was checked, with their claims and expiry: a front end sends the
   * same token with every request, and the HMAC check through WebCrypto was a fifth of the
   * cost of a simple authenticated read (bench/README.md). Only the outcome of a pure function
   * of the token is kept; the expiry is still checked on every use, and who the user is (and
   * whether they still exist) is still read from the database by the auth guard.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

  /** The claims of a valid token, or null for a malformed, forged or expired one. */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.claims;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const sub = Number(payload.sub);
      if (!Number.isSafeInteger(sub) || sub <= 0) return null;
      let claims: TokenClaims | null = null;
      if (payload.typ === 'access' && (payload.role === 'admin' || payload.role === 'staff')) {
        claims = { typ: 'access', sub, role: payload.role };
      } else if (payload.typ === 'client') {
        claims = { typ: 'client', sub };
      }
      if (claims && typeof payload.exp === 'number') {
        if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.clear();
        this.verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      }
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
