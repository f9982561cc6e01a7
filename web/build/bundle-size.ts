import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_WEB_DIST } from '../../src/http/web-app.js';

/*
 * What a page's first load costs in JavaScript: its entry and every chunk the entry imports
 * statically (not the chunks loaded later on demand), gzipped, read from the build's manifest.
 * The booking page's size budget (web/test/bundle-budget.test.ts) and the Lighthouse script
 * (scripts/lighthouse.ts) both measure it here.
 */

/** The booking page's budget: its first load, at most 120 KB of JavaScript gzipped. */
export const BOOKING_BUDGET_BYTES = 120 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** `entry` is the manifest's key of an HTML entry, e.g. `public.html` (the booking page). */
export function firstLoadJs(entry: string, dist = DEFAULT_WEB_DIST): { files: string[]; gzipBytes: number } {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  const gzipBytes = [...files].reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
    0,
  );
  return { files: [...files], gzipBytes };
}
