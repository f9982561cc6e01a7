#!/usr/bin/env node
// Builds the web front end (web/) into web/dist, which the service serves (src/http/web-app.ts).
// Runs on `npm ci`/`npm install` (the `prepare` script), before the tests (scripts/run-tests.mjs),
// and by hand: `npm run web:build`. It rebuilds only when its inputs changed (a hash of web/'s
// sources and public files, the build configuration and the lockfile, kept in web/dist/.build-hash), so the
// usual run costs a few milliseconds. `--force` rebuilds anyway.
//
// On a production install without dev dependencies (`npm ci --omit=dev`) Vite is absent: an
// existing build is kept and served; without one the service answers the front end's pages 404
// until the front end is built (docs/web.md).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'web');
const dist = join(web, 'dist');
const hashFile = join(dist, '.build-hash');

function filesUnder(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** What the build reads: the app's sources, its HTML entries, configuration and plugins, the shared page list, the lockfile. */
function inputHash() {
  const inputs = [
    ...filesUnder(join(web, 'src')),
    ...filesUnder(join(web, 'public')),
    // The build's own plugins (the message catalogues' parts, the booking page in each language).
    ...['messages-plugin.ts', 'message-parts.ts', 'book-languages.ts'].map((file) => join(web, 'build', file)),
    ...readdirSync(web)
      .filter((entry) => /\.(html|ts)$/.test(entry))
      .map((entry) => join(web, entry)),
    join(root, 'src/http/web-pages.ts'),
    join(root, 'src/lib/office-paths.ts'),
    join(root, 'package-lock.json'),
  ].sort();
  const hash = createHash('sha256');
  for (const file of inputs) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const force = process.argv.includes('--force');
const hash = inputHash();
if (!force && existsSync(hashFile) && readFileSync(hashFile, 'utf8').trim() === hash) {
  console.log('web: build is up to date');
  process.exit(0);
}

// The build is for production whatever the caller's NODE_ENV (the tests run with `test`): React's
// development build would otherwise ship, several times larger.
process.env.NODE_ENV = 'production';
let vite;
try {
  vite = await import('vite');
} catch {
  console.warn(
    existsSync(join(dist, 'public.html'))
      ? 'web: Vite is not installed (no dev dependencies): serving the existing build in web/dist'
      : 'web: Vite is not installed (no dev dependencies) and web/dist is missing: the pages are not served',
  );
  process.exit(0);
}

const started = Date.now();
await vite.build({ configFile: join(web, 'vite.config.ts'), logLevel: 'warn' });

// Precompressed copies, which @fastify/static sends to browsers that accept them.
for (const file of filesUnder(join(dist, 'assets'))) {
  if (!/\.(js|css|svg|json)$/.test(file)) continue;
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
writeFileSync(hashFile, `${hash}\n`);
console.log(`web: built web/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
