import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { readSettings } from '../db/settings.js';
import { officeIconPng } from './office-icon.js';
import { OFFICE_PAGES } from './web-pages.js';

/*
 * What makes the back office an installable app: its web app manifest (the salon's name and
 * colour, starting at /), its icons drawn in that colour, and its service worker (web/public/sw.js),
 * served at the root so that its scope covers every office page. The worker is sent with what
 * it keeps offline written in front of it: the office's shell and every file the office's entry
 * may load (from the build's manifest), and the office's addresses, so that it answers those
 * pages and nothing else (the booking page stays the network's). The list's hash is its
 * version: a new build changes the worker's bytes, and the browser installs the new one.
 */

const ICON_SIZES = [192, 512] as const;

interface ViteChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** Every file the office's entry (index.html) may load, its lazy chunks included, as /assets/ URLs. */
export function officeFiles(manifest: Record<string, ViteChunk>): string[] {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit('index.html');
  return [...files].sort();
}

function etagged(request: FastifyRequest, reply: FastifyReply, body: Buffer | string, type: string) {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', 'no-cache').header('etag', etag).type(type);
  const seen = request.headers['if-none-match'];
  if (typeof seen === 'string' && seen.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
  return reply.send(body);
}

export function registerOfficeInstall(app: FastifyInstance, ctx: AppContext, distDir: string): void {
  const workerFile = join(distDir, 'sw.js');
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(workerFile) || !existsSync(manifestFile)) return;
  const precache = ['/', ...officeFiles(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ViteChunk>)];
  const source = readFileSync(workerFile, 'utf8');
  const version = createHash('sha256').update(JSON.stringify(precache)).update(source).digest('hex').slice(0, 16);
  const worker = `self.SALON_OFFICE = ${JSON.stringify({ version, precache, pages: OFFICE_PAGES })};\n${source}`;

  app.get('/sw.js', { schema: { hide: true } }, async (request, reply) => {
    // Its own policy: a worker reads none of its page's.
    reply.header('content-security-policy', "default-src 'self'");
    return etagged(request, reply, worker, 'text/javascript; charset=utf-8');
  });

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    const settings = await readSettings(ctx.db);
    const name = settings.salon_name.trim() || 'Salon';
    const icons = ICON_SIZES.flatMap((size) => [
      { src: `/office-icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
      { src: `/office-icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' },
    ]);
    const manifest = {
      id: '/',
      name,
      short_name: name.length <= 12 ? name : name.slice(0, 12).trim(),
      lang: settings.language,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: settings.brand_color,
      background_color: '#ffffff',
      icons,
    };
    return etagged(request, reply, JSON.stringify(manifest), 'application/manifest+json; charset=utf-8');
  });

  for (const size of ICON_SIZES) {
    app.get(`/office-icon-${size}.png`, { schema: { hide: true } }, async (request, reply) => {
      const { brand_color } = await readSettings(ctx.db);
      return etagged(request, reply, officeIconPng(size, brand_color), 'image/png');
    });
  }
}
