import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { Role } from '../db/types.js';

export const ACCESS_TOKEN_TTL_SECONDS = 8 * 60 * 60;
export const CLIENT_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

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

  async signClient(clientId: number): Promise<string> {
    return new SignJWT({ typ: 'client' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(clientId))
      .setIssuedAt()
      .setExpirationTime(`${CLIENT_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** The claims of a valid token, or null for a malformed, forged or expired one. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const sub = Number(payload.sub);
      if (!Number.isSafeInteger(sub) || sub <= 0) return null;
      if (payload.typ === 'access' && (payload.role === 'admin' || payload.role === 'staff')) {
        return { typ: 'access', sub, role: payload.role };
      }
      if (payload.typ === 'client') return { typ: 'client', sub };
      return null;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
