import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_WEB_DIST } from '../../src/http/web-app.js';

/*
 * What a page's first load costs in JavaScript, gzipped: everything its built HTML makes the
 * browser fetch at once (its module scripts and `modulepreload` links, and every chunk those
 * import statically, from the build's manifest), plus the part of the message catalogue its
 * shell fetches as it starts (one language's: the larger). Not the chunks loaded later on
 * demand (an area opened, the booking page's later steps). The size budgets
 * (web/test/bundle-budget.test.ts) and the Lighthouse script (scripts/lighthouse.ts) measure it
 * here.
 */

/**
 * The booking page's budget: its first load at most 100 KB. React and React DOM are about 64 KB
 * of it, so the first screen (the salon, the services step, the language switch) carries no
 * React Aria: its press and focus handling alone would cost about 20 (bench/README.md).
 */
export const BOOKING_BUDGET_BYTES = 100 * 1024;
/** The back office's shell, before any area: at most 150 KB. */
export const OFFICE_SHELL_BUDGET_BYTES = 150 * 1024;

/** The back office's first screen for the desk: the shell, the signed-in bar and the calendar, at most 250 KB. */
export const OFFICE_CALENDAR_BUDGET_BYTES = 250 * 1024;

/** Each HTML entry's shell: which part of the catalogue it fetches as it starts (web/build/message-parts.ts). */
export const SHELL_PART: Record<string, string> = { 'public.html': 'shell-public', 'index.html': 'shell-office' };

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FirstLoad {
  /** The JavaScript files, the catalogue's parts last. */
  files: string[];
  gzipBytes: number;
}

const gzipped = (dist: string, file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** The files a built HTML page names in `<script src>` and `<link rel="modulepreload" href>`. */
export function scriptsOfHtml(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    const url = tag.startsWith('<script')
      ? attribute('src')
      : attribute('rel') === 'modulepreload' && attribute('href');
    if (url) files.push(url.replace(/^\//, ''));
  }
  return files;
}

/** `entry` is a built HTML entry, e.g. `public.html` (the booking page) or `index.html` (the back office). */
export function firstLoadJs(entry: string, dist = DEFAULT_WEB_DIST): FirstLoad {
  return loadJs(entry, [], [], dist);
}

/**
 * What a screen behind lazy chunks costs when opened first: `entry`'s first load, plus the lazy
 * chunks of `sources` (source paths as the manifest names them, `src/app/SignedInBar.tsx`) with
 * everything they import statically, plus the message `parts` they fetch (one language's each:
 * the larger).
 */
export function loadJs(entry: string, sources: string[], parts: string[], dist = DEFAULT_WEB_DIST): FirstLoad {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) {
      const chunk = manifest[imported];
      if (!chunk) throw new Error(`no chunk ${imported} in the manifest`);
      visit(chunk.file);
    }
  };
  for (const file of scriptsOfHtml(readFileSync(join(dist, entry), 'utf8'))) visit(file);
  for (const source of sources) {
    const chunk = Object.values(manifest).find((candidate) => candidate.src === source);
    if (!chunk) throw new Error(`no chunk of ${source} in the manifest`);
    visit(chunk.file);
  }
  const shellPart = SHELL_PART[entry];
  if (shellPart === undefined) throw new Error(`no shell part for ${entry}`);
  const catalogueFiles: string[] = [];
  for (const part of [shellPart, ...parts]) {
    const catalogues = Object.values(manifest).filter(
      (chunk) => chunk.src?.match(/virtual:messages\/[a-z]+\/(.+)$/)?.[1] === part,
    );
    if (catalogues.length === 0) throw new Error(`no catalogue part ${part} in the manifest`);
    catalogueFiles.push(
      catalogues
        .map((chunk) => ({ file: chunk.file, bytes: gzipped(dist, chunk.file) }))
        .sort((a, b) => b.bytes - a.bytes)[0]!.file,
    );
  }
  const all = [...files, ...catalogueFiles];
  return { files: all, gzipBytes: all.reduce((sum, file) => sum + gzipped(dist, file), 0) };
}
