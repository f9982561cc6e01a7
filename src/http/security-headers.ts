/*
 * The security headers of every answer, written out once here rather than rebuilt per
 * request by a plugin (helmet rebuilt its whole middleware chain on every request, a tenth of
 * a bare route's time). They are the headers helmet 8 sends by default, so that a browser
 * treats every answer as today; test/security-headers.test.ts holds each name and value.
 * A route that needs another value sets its own header (the pages' and the logo's policy,
 * the logo's and /embed.js's resource policy) or removes one (the booking page's
 * X-Frame-Options): the hook that writes these runs before every route.
 */

/**
 * The policy of every answer that is not a page: the API's JSON is never rendered, so it only
 * matters for an answer a browser opens as a document (an error page, a file). No
 * `upgrade-insecure-requests`: over plain http from another machine (the salon's own network,
 * where there is no certificate), it makes a browser fetch the documentation's scripts and
 * styles over https, which fails, and the page stays blank. Every resource the service links
 * to is relative, so the directive protects nothing here.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' https: 'unsafe-inline'",
].join(';');

/** Every answer's security headers (lower-case names, as Fastify keeps them). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  // A window this service opens, or that opens it, shares no browsing context group with another site's.
  'cross-origin-opener-policy': 'same-origin',
  // Only the service's own pages may load its answers as images, scripts or frames (see EMBEDDABLE_RESOURCE_POLICY).
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  // A link followed from a page (an email's, a payment provider's) never carries the page's address and its tokens.
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  // Browsers that ignore frame-ancestors: only the service's own pages may frame it.
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  // The old browsers' XSS auditor made pages leak; off, as every current browser has it.
  'x-xss-protection': '0',
});

/** The same rule as CONTENT_SECURITY_POLICY for the documentation's own Content-Security-Policy. */
export function withoutUpgradeInsecureRequests(policy: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && directive !== 'upgrade-insecure-requests')
    .join('; ');
}

/**
 * For a resource that pages on other origins show in an `<img>` (the salon logo) or load with
 * `<script src>` (/embed.js): such a request carries no CORS, so the default
 * `Cross-Origin-Resource-Policy: same-origin` would block it.
 */
export const EMBEDDABLE_RESOURCE_POLICY = 'cross-origin';
