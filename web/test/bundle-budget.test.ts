import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { DEFAULT_WEB_DIST } from '../../src/http/web-app.js';

/*
 * The booking page's size budget: the JavaScript its first load needs (its entry and every
 * chunk the entry imports statically, not the chunks loaded later on demand), gzipped, at
 * most 120 KB. Read from the build's manifest (scripts/build-web.mjs builds before the tests).
 */
export const BOOKING_BUDGET_BYTES = 120 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export function firstLoadJs(entry: string): { files: string[]; gzipBytes: number } {
  const manifest = JSON.parse(readFileSync(join(DEFAULT_WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    assert.ok(chunk, `no chunk ${key} in the manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  const gzipBytes = [...files].reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(DEFAULT_WEB_DIST, file)), { level: 9 }).length,
    0,
  );
  return { files: [...files], gzipBytes };
}

describe('web bundle budget', () => {
  it('the booking page (public.html) loads at most 120 KB of JavaScript, gzipped, at first', () => {
    const { files, gzipBytes } = firstLoadJs('public.html');
    console.log(`booking page first load: ${(gzipBytes / 1024).toFixed(1)} KB gzipped (${files.join(', ')})`);
    assert.ok(gzipBytes <= BOOKING_BUDGET_BYTES, `${gzipBytes} bytes > ${BOOKING_BUDGET_BYTES}`);
  });
});
