import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { EMBEDDABLE_RESOURCE_POLICY } from './security-headers.js';
import { frameAncestors, type EmbedOrigins } from './embedding.js';
import { PAGE_LANGUAGES, requestLanguage, type PageLanguage } from './page-language.js';
import { EMBEDDABLE_PAGES, OFFICE_PAGES, preloadsOf, PUBLIC_PAGES } from './web-pages.js';

/** The front end's build (scripts/build-web.mjs writes it; `npm ci` runs that). */
export const DEFAULT_WEB_DIST = new URL('../../web/dist', import.meta.url).pathname;

/**
 * The pages' Content-Security-Policy: everything from this origin and nothing from any other,
 * so a salon's page never tells a third party who its clients are. No inline script or style
 * (the build emits files only); images may be data: URLs (an uploaded logo's preview). Only
 * the service's own pages may frame a page, except the booking page (pageCsp).
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The back office's policy: the pages' own, with two additions.
 * - A campaign's preview is an email shown in a sandboxed `srcdoc` frame (no script runs in
 *   it). Such a frame takes the policy of the page that made it, and the office is one document
 *   whatever address it was opened at, so the office's policy lets the email's inline styles (an
 *   email has no other) and its pictures from web addresses through; scripts stay the office's
 *   own only.
 * - Frames of this origin are said in so many words (rather than left to default-src): a
 *   received order shows its packing slip in a frame, at an address whose answer carries its
 *   own sandboxed policy (suppliers/packing-slip-view.ts). No blob: or data: frames: those would
 *   run with the office's origin.
 */
export const OFFICE_PAGE_CSP = `${PAGE_CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'").replace(
  "img-src 'self' data:",
  "img-src 'self' data: https:",
)}; frame-src 'self'`;

/** The booking page's policy: the same, framed by the sites of BOOKING_EMBED_ORIGINS (embedding.ts). */
export function embeddablePageCsp(origins: EmbedOrigins): string {
  return PAGE_CSP.replace("frame-ancestors 'self'", frameAncestors(origins));
}

/** The snippet that embeds the booking page on another site (`<script src="…/embed.js">`): web/public/embed.js. */
const EMBED_SCRIPT = 'embed.js';

/** Both route patterns of a page: `/booking/*` covers `/booking` itself too. */
function routesOf(page: string): string[] {
  return page.endsWith('/*') ? [page.slice(0, -2), page] : [page];
}

/**
 * Serves the web front end from the same process: hashed assets under /assets/ with a year's
 * cache (their names change with their content; gzip and brotli copies sent when accepted),
 * and each page's HTML shell, never cached, for every front-end address (web-pages.ts). The
 * API's own routes and its JSON 404 are untouched. Without a build (a production install
 * that skipped it) nothing is registered and a warning says so.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: { bookingEmbedOrigins?: EmbedOrigins } = {},
): Promise<void> {
  const publicShell = join(distDir, 'public.html');
  const officeShell = join(distDir, 'index.html');
  if (!existsSync(publicShell) || !existsSync(officeShell)) {
    app.log.warn({ distDir }, 'the web front end is not built (npm run web:build): its pages answer 404');
    return;
  }
  const shells = { public: readFileSync(publicShell), office: readFileSync(officeShell) };
  const bookingPages = bookingPagesIn(distDir);

  await app.register(fastifyStatic, {
    root: join(distDir, 'assets'),
    prefix: '/assets/',
    index: false,
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
    decorateReply: false,
  });

  const send = (reply: FastifyReply, shell: Buffer, csp: string, path: string) => {
    // `crossorigin` (anonymous): the mode and credentials of the page's own fetch(), so the
    // browser hands the preloaded answer to it instead of asking again.
    const preloads = preloadsOf(path).map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`);
    if (preloads.length > 0) reply.header('link', preloads.join(', '));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', csp)
      .send(shell);
  };
  const embeddable: readonly string[] = EMBEDDABLE_PAGES.flatMap(routesOf);
  const embeddableCsp = embeddablePageCsp(options.bookingEmbedOrigins ?? '*');
  for (const [pages, shell, csp] of [
    [PUBLIC_PAGES, shells.public, PAGE_CSP],
    [OFFICE_PAGES, shells.office, OFFICE_PAGE_CSP],
  ] as const) {
    for (const url of pages.flatMap(routesOf)) {
      // Pages, not API operations: kept out of the OpenAPI document.
      const pathOf = (url: string) => url.split('?')[0]!;
      if (embeddable.includes(url)) {
        // frame-ancestors alone decides who may frame it: the X-Frame-Options (SAMEORIGIN) of
        // every other answer would contradict it in browsers that read only that header.
        app.get(url, { schema: { hide: true } }, async (request, reply) => {
          const path = pathOf(request.url);
          const page = bookingPageFor(bookingPages, path, request.query, request.headers['accept-language']);
          // Which HTML depends on Accept-Language (the language whose messages it preloads).
          reply.header('vary', 'accept-language');
          return send(reply.removeHeader('x-frame-options'), page ?? shell, embeddableCsp, path);
        });
      } else {
        app.get(url, { schema: { hide: true } }, async (request, reply) =>
          send(reply, shell, csp, pathOf(request.url)),
        );
      }
    }
  }

  registerEmbedScript(app, distDir);
}

/**
 * The booking page's HTML in each language (web/build/book-languages.ts: its `lang`, its title
 * and its messages preloaded), when the build made them.
 */
function bookingPagesIn(distDir: string): Partial<Record<PageLanguage, Buffer>> {
  const pages: Partial<Record<PageLanguage, Buffer>> = {};
  for (const language of PAGE_LANGUAGES) {
    const file = join(distDir, `book.${language}.html`);
    if (existsSync(file)) pages[language] = readFileSync(file);
  }
  return pages;
}

/**
 * The booking page's HTML in the language the request says (page-language.ts), or null for the
 * plain shell: when the request does not say it, and when embedded (`?embed=1`, left as it was).
 * Only a prebuilt file is chosen: nothing of the request is written into the page.
 */
function bookingPageFor(
  pages: Partial<Record<PageLanguage, Buffer>>,
  path: string,
  query: unknown,
  acceptLanguage: string | undefined,
): Buffer | null {
  if (path !== '/book' && path !== '/book/') return null;
  // A repeated parameter's first value, as the page's script reads it (URLSearchParams.get).
  const first = (value: unknown) => (Array.isArray(value) ? (value[0] as unknown) : value);
  const { embed, lang } = (query ?? {}) as Record<string, unknown>;
  if (first(embed) === '1') return null;
  const language = requestLanguage(first(lang), acceptLanguage);
  return language ? (pages[language] ?? null) : null;
}

/**
 * `/embed.js`, loaded by other sites with `<script src>`: a stable address (so never
 * immutable), revalidated on every use through its ETag, and readable cross-origin (the
 * default Cross-Origin-Resource-Policy, same-origin, would block it on the salon's website).
 */
function registerEmbedScript(app: FastifyInstance, distDir: string): void {
  const file = join(distDir, EMBED_SCRIPT);
  if (!existsSync(file)) return;
  const script = readFileSync(file);
  const etag = `"${createHash('sha256').update(script).digest('base64url').slice(0, 27)}"`;
  app.get(`/${EMBED_SCRIPT}`, { schema: { hide: true } }, async (request, reply) => {
    reply
      .header('cross-origin-resource-policy', EMBEDDABLE_RESOURCE_POLICY)
      .header('cache-control', 'no-cache')
      .header('etag', etag)
      .header('content-type', 'text/javascript; charset=utf-8');
    const seen = request.headers['if-none-match'];
    if (typeof seen === 'string' && seen.split(',').some((tag) => tag.trim() === etag)) {
      return reply.code(304).send();
    }
    return reply.send(script);
  });
}
