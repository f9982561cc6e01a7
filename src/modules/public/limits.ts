import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { LimitRule } from '../../http/rate-limit.js';

/*
 * Every POST of the booking page is limited per network (an unauthenticated surface). Generous
 * for a household behind one address, tight for a script. Bookings also per email typed, since
 * each one emails that address; one account's password guessing is held back per (account,
 * address) pair by the sign-in itself.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The network a request comes from, as the limits count it: an IPv4 address itself, an IPv6
 * address's /64. One IPv6 subscriber holds a whole /64 (at least), so a limit per address is
 * no limit: a script takes a fresh address of its range for every request.
 */
export function networkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  // An IPv4 client seen through an IPv6 socket (::ffff:192.0.2.1) is that IPv4 address.
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${address.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

const net = (request: FastifyRequest) => networkOf(request.ip);

function bodyEmail(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
}

function bodyClientEmail(request: FastifyRequest): string | null {
  const email = (request.body as { client_email?: unknown } | undefined)?.client_email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
}

/**
 * Bookings and visits. Per email: every booking emails the address typed, so a script must not
 * make the salon mail-bomb someone else's inbox (a household books a few a day, not more).
 */
export const BOOKING_LIMITS: LimitRule[] = [
  { max: 20, windowMs: 10 * MINUTE, key: (r) => `public:booking:ip:${net(r)}` },
  {
    max: 5,
    windowMs: DAY,
    key: (r) => (bodyClientEmail(r) ? `public:booking:email:${bodyClientEmail(r)}` : null),
  },
];

/**
 * Bookings a network may make in a day for clients the salon has never seen (an email it does
 * not know, nobody signed in): each makes a client record and fills a slot a script need not
 * keep. A household books for a few new people; the salon's own clients are not counted.
 * Checked in the handler (new-clients.ts), where who books is known.
 */
export const NEW_CLIENT_BOOKINGS_PER_DAY = { max: 5, windowMs: DAY };

/** Per network; one account's password guessing is held back per (account, address) pair by the sign-in itself. */
export const CLIENT_LOGIN_LIMITS: LimitRule[] = [
  { max: 20, windowMs: MINUTE, key: (r) => `public:login:ip:${net(r)}` },
];

export const MAGIC_LINK_LIMITS: LimitRule[] = [
  { max: 10, windowMs: 15 * MINUTE, key: (r) => `public:magic:ip:${net(r)}` },
  { max: 5, windowMs: 60 * MINUTE, key: (r) => (bodyEmail(r) ? `public:magic:email:${bodyEmail(r)}` : null) },
];

/** Token exchanges (verify a magic link, confirm/decline): no guessing of 256-bit tokens at scale. */
export const TOKEN_LIMITS: LimitRule[] = [{ max: 30, windowMs: MINUTE, key: (r) => `public:token:ip:${net(r)}` }];

/**
 * The payment return page polls its payment's status every few seconds for a couple of
 * minutes: room for that and a reload or two, while a 256-bit token stays out of reach.
 */
export const PAYMENT_STATUS_LIMITS: LimitRule[] = [
  { max: 60, windowMs: MINUTE, key: (r) => `public:payment-status:ip:${net(r)}` },
];

export const ACCOUNT_LIMITS: LimitRule[] = [
  { max: 20, windowMs: 10 * MINUTE, key: (r) => `public:account:ip:${net(r)}` },
];

export const REVIEW_LIMITS: LimitRule[] = [
  { max: 10, windowMs: 10 * MINUTE, key: (r) => `public:review:ip:${net(r)}` },
];

/** Bodies of the booking page are small forms: anything larger is refused with 413. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
