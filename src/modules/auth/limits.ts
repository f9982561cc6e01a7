import type { FastifyRequest } from 'fastify';
import type { LimitRule } from '../../http/rate-limit.js';
import { normalizeEmail } from './users.js';

const MINUTE = 60_000;

function bodyEmail(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? normalizeEmail(email) : null;
}

/*
 * Per IP against one client trying many accounts. Guessing one account's password is held back
 * per (account, address) pair inside the sign-in itself (sign-in-attempts.ts): a limit per
 * account alone would let anyone lock its owner out. Generous enough for a busy front desk
 * behind one IP.
 */
export const LOGIN_LIMITS: LimitRule[] = [{ max: 30, windowMs: MINUTE, key: (r) => `login:ip:${r.ip}` }];

export const FORGOT_PASSWORD_LIMITS: LimitRule[] = [
  { max: 10, windowMs: 15 * MINUTE, key: (r) => `forgot:ip:${r.ip}` },
  { max: 5, windowMs: 60 * MINUTE, key: (r) => (bodyEmail(r) ? `forgot:email:${bodyEmail(r)}` : null) },
];

export const TOKEN_LIMITS: LimitRule[] = [{ max: 60, windowMs: MINUTE, key: (r) => `token:ip:${r.ip}` }];
