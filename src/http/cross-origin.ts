import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyHelmetOptions } from '@fastify/helmet';

/*
 * What a page on another origin needs, such as the salon's booking page embedded on its own
 * website: `CORS_ORIGIN` names the origins whose scripts may call the API.
 */

/** Every request header the API reads, so that a preflight for any of them is allowed. */
export const CORS_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'X-Request-Id', 'Idempotency-Key'];

/** The response headers a script on another origin needs to read. */
export const CORS_EXPOSED_HEADERS = ['X-Request-Id', 'Retry-After', 'Idempotent-Replayed', 'Content-Disposition'];

/** `*`, or the comma-separated list of `CORS_ORIGIN`. */
export function corsOrigins(setting: string): '*' | string[] {
  return setting.trim() === '*'
    ? '*'
    : setting
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== '');
}

export function corsOptions(setting: string): FastifyCorsOptions {
  return {
    origin: corsOrigins(setting),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: CORS_REQUEST_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600,
  };
}

/**
 * Helmet's defaults, without `upgrade-insecure-requests`: over plain http from another
 * machine (the salon's own network, where there is no certificate), it makes a browser fetch
 * the documentation's scripts and styles over https, which fails, and the page stays blank.
 * Every resource the service links to is relative, so the directive protects nothing here.
 */
export const SECURITY_HEADERS: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: { useDefaults: true, directives: { upgradeInsecureRequests: null } },
};

/** The same rule for the documentation's own Content-Security-Policy. */
export function withoutUpgradeInsecureRequests(policy: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && directive !== 'upgrade-insecure-requests')
    .join('; ');
}

/**
 * For a resource that pages on other origins show in an `<img>` (the salon logo): such a
 * request carries no CORS, so helmet's `Cross-Origin-Resource-Policy: same-origin` would
 * block it.
 */
export const EMBEDDABLE_RESOURCE_POLICY = 'cross-origin';
