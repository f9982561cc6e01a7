import type { FastifyRequest } from 'fastify';
import type { LimitRule } from '../../http/rate-limit.js';

/*
 * Every POST of the booking page is limited per IP (an unauthenticated surface). Generous for
 * a household behind one address, tight for a script.
 */

const MINUTE = 60_000;

function bodyEmail(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
}

export const BOOKING_LIMITS: LimitRule[] = [
  { max: 20, windowMs: 10 * MINUTE, key: (r) => `public:booking:ip:${r.ip}` },
];

/** Per IP; one account's password guessing is held back per (account, address) pair by the sign-in itself. */
export const CLIENT_LOGIN_LIMITS: LimitRule[] = [{ max: 20, windowMs: MINUTE, key: (r) => `public:login:ip:${r.ip}` }];

export const MAGIC_LINK_LIMITS: LimitRule[] = [
  { max: 10, windowMs: 15 * MINUTE, key: (r) => `public:magic:ip:${r.ip}` },
  { max: 5, windowMs: 60 * MINUTE, key: (r) => (bodyEmail(r) ? `public:magic:email:${bodyEmail(r)}` : null) },
];

/** Token exchanges (verify a magic link, confirm/decline): no guessing of 256-bit tokens at scale. */
export const TOKEN_LIMITS: LimitRule[] = [{ max: 30, windowMs: MINUTE, key: (r) => `public:token:ip:${r.ip}` }];

/**
 * The payment return page polls its payment's status every few seconds for a couple of
 * minutes: room for that and a reload or two, while a 256-bit token stays out of reach.
 */
export const PAYMENT_STATUS_LIMITS: LimitRule[] = [
  { max: 60, windowMs: MINUTE, key: (r) => `public:payment-status:ip:${r.ip}` },
];

export const ACCOUNT_LIMITS: LimitRule[] = [
  { max: 20, windowMs: 10 * MINUTE, key: (r) => `public:account:ip:${r.ip}` },
];

export const REVIEW_LIMITS: LimitRule[] = [{ max: 10, windowMs: 10 * MINUTE, key: (r) => `public:review:ip:${r.ip}` }];

/** Bodies of the booking page are small forms: anything larger is refused with 413. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
