import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { Role } from '../db/types.js';

export const ACCESS_TOKEN_TTL_SECONDS = 8 * 60 * 60;
export const CLIENT_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * The tokens of a browser's session (staff and client) live in the page's memory and are
 * renewed from the session cookie a minute before they end. Each names its session, and a
 * request with one is refused once the session has ended (signed out, password changed); the
 * short life bounds what a token copied out of a page is worth even without that check.
 */
export const WEB_ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const WEB_CLIENT_TOKEN_TTL_SECONDS = 15 * 60;
/** Verified tokens remembered per process (see TokenSigner.verify); forgotten all at once when full. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** `sid`: the web session (its row id) the token belongs to; absent on tokens of the API's own sign-ins. */
export type TokenClaims =
  { typ: 'access'; sub: number; role: Role; sid?: number } | { typ: 'client'; sub: number; sid?: number };

/** A token bound to a web session, and how long it lives. */
export interface WebSessionBinding {
  sessionId: number;
  ttlSeconds: number;
}

/** Signs and verifies the service's JWTs (HS256). No JWT code is written by hand. */
export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A staff access token: 8 hours (the API's sign-in), or a web session's. */
  async signAccess(userId: number, role: Role, session?: WebSessionBinding): Promise<string> {
    return this.sign(
      { typ: 'access', role, ...(session ? { sid: session.sessionId } : {}) },
      userId,
      session?.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS,
    );
  }

  /** A client token: 30 days (the API's client sign-ins), or a web session's. */
  async signClient(clientId: number, session?: WebSessionBinding): Promise<string> {
    return this.sign(
      { typ: 'client', ...(session ? { sid: session.sessionId } : {}) },
      clientId,
      session?.ttlSeconds ?? CLIENT_TOKEN_TTL_SECONDS,
    );
  }

  private async sign(claims: Record<string, unknown>, subject: number, ttlSeconds: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(subject))
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
      const sid = payload.sid;
      if (sid !== undefined && !(typeof sid === 'number' && Number.isSafeInteger(sid) && sid > 0)) return null;
      const session = sid === undefined ? {} : { sid };
      let claims: TokenClaims | null = null;
      if (payload.typ === 'access' && (payload.role === 'admin' || payload.role === 'staff')) {
        claims = { typ: 'access', sub, role: payload.role, ...session };
      } else if (payload.typ === 'client') {
        claims = { typ: 'client', sub, ...session };
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
