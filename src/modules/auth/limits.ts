import type { FastifyRequest } from 'fastify';
import type { LimitRule } from '../../http/rate-limit.js';
import { normalizeEmail } from './service.js';

const MINUTE = 60_000;

function bodyEmail(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? normalizeEmail(email) : null;
}

/*
 * Per IP against one client trying many accounts; per email against many clients trying
 * one account. Generous enough for a busy front desk behind one IP.
 */
export const LOGIN_LIMITS: LimitRule[] = [
  { max: 30, windowMs: MINUTE, key: (r) => `login:ip:${r.ip}` },
  // Failed attempts only: ten wrong passwords lock that account's sign-in for 15 minutes.
  {
    max: 10,
    windowMs: 15 * MINUTE,
    failuresOnly: true,
    key: (r) => (bodyEmail(r) ? `login:email:${bodyEmail(r)}` : null),
  },
];

export const FORGOT_PASSWORD_LIMITS: LimitRule[] = [
  { max: 10, windowMs: 15 * MINUTE, key: (r) => `forgot:ip:${r.ip}` },
  { max: 5, windowMs: 60 * MINUTE, key: (r) => (bodyEmail(r) ? `forgot:email:${bodyEmail(r)}` : null) },
];

export const TOKEN_LIMITS: LimitRule[] = [{ max: 60, windowMs: MINUTE, key: (r) => `token:ip:${r.ip}` }];
