import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { OFFICE_PAGES, PUBLIC_PAGES } from './web-pages.js';

/** The front end's build (scripts/build-web.mjs writes it; `npm ci` runs that). */
export const DEFAULT_WEB_DIST = new URL('../../web/dist', import.meta.url).pathname;

/**
 * The pages' Content-Security-Policy: everything from this origin and nothing from any other,
 * so a salon's page never tells a third party who its clients are. No inline script or style
 * (the build emits files only); images may be data: URLs (an uploaded logo's preview).
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
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const publicShell = join(distDir, 'public.html');
  const officeShell = join(distDir, 'index.html');
  if (!existsSync(publicShell) || !existsSync(officeShell)) {
    app.log.warn({ distDir }, 'the web front end is not built (npm run web:build): its pages answer 404');
    return;
  }
  const shells = { public: readFileSync(publicShell), office: readFileSync(officeShell) };

  await app.register(fastifyStatic, {
    root: join(distDir, 'assets'),
    prefix: '/assets/',
    index: false,
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
    decorateReply: false,
  });

  const send = (reply: FastifyReply, shell: Buffer) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', PAGE_CSP)
      .send(shell);
  for (const [pages, shell] of [
    [PUBLIC_PAGES, shells.public],
    [OFFICE_PAGES, shells.office],
  ] as const) {
    for (const url of pages.flatMap(routesOf)) {
      // Pages, not API operations: kept out of the OpenAPI document.
      app.get(url, { schema: { hide: true } }, async (_request, reply) => send(reply, shell));
    }
  }
}
