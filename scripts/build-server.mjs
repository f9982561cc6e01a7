#!/usr/bin/env node
// Compiles the service (src/) into plain JavaScript in dist/server, which `npm start`,
// `npm run worker` and the operator commands run with plain `node` (no TypeScript loader in
// production). Runs on `npm ci`/`npm install` (the `prepare` script), before `npm start`
// (`prestart`, so a changed source is never served stale), and by hand: `npm run build`.
// Like the web build it rebuilds only when its inputs changed (a hash of src/'s sources, this
// script and the lockfile, kept in dist/server/.build-hash); `--force` rebuilds anyway.
//
// esbuild bundles each entry with the project's own modules: one file to load instead of
// hundreds, which was the larger part of a cold start (resolving and reading each module). The
// same holds for the few packages of many small modules that the service imports itself
// (BUNDLED, with whatever they import): TypeBox and Kysely alone were 600 files. Every other
// package stays in node_modules: native modules (better-sqlite3, argon2), packages that read
// files next to themselves (pino's worker, the time zone files of the calendar feeds, the
// API reference's pages), and those Fastify loads too, which bundling would load twice. The
// entries sit two folders below the root, as their sources do, so paths built from
// `import.meta.url` (the web build, package.json) resolve the same from src/ and dist/server/.
//
// Without dev dependencies (`npm ci --omit=dev`) esbuild is absent: an existing build is kept.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const src = join(root, 'src');
const out = join(root, 'dist', 'server');
const hashFile = join(out, '.build-hash');

function filesUnder(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const sources = filesUnder(src).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

/**
 * The processes and commands, by output name: whatever package.json's scripts run from
 * dist/server (`npm start` runs dist/server/main.js from src/main.ts, `npm run backup`
 * dist/server/backup.js from src/cli/backup.ts). All at the same depth.
 */
const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const entries = Object.fromEntries(
  [
    ...new Set(
      Object.values(scripts).flatMap((script) => [...script.matchAll(/dist\/server\/([\w-]+)\.js/g)].map((m) => m[1])),
    ),
  ].map((name) => {
    const source = [join(src, `${name}.ts`), join(src, 'cli', `${name}.ts`)].find((file) => existsSync(file));
    if (!source) throw new Error(`server: package.json runs dist/server/${name}.js, but src/ has no ${name}.ts`);
    return [name, source];
  }),
);

/** Packages bundled into the build (pure JavaScript that reads no file of its own at run time). */
const BUNDLED = new Set([
  'typebox',
  'kysely',
  'libphonenumber-js',
  'jose',
  'luxon',
  'prom-client',
  '@opentelemetry/api',
  'file-type',
]);

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Leaves a package external unless it is in BUNDLED or imported by a bundled package. */
const externals = {
  name: 'externals',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path, importer }) => {
      if (path.startsWith('node:')) return { external: true };
      const fromBundledPackage = importer.includes('/node_modules/');
      return fromBundledPackage || BUNDLED.has(packageOf(path)) ? undefined : { external: true };
    });
  },
};

function inputHash() {
  const inputs = [
    ...sources,
    new URL(import.meta.url).pathname,
    join(root, 'package.json'),
    join(root, 'package-lock.json'),
  ].sort();
  const hash = createHash('sha256');
  for (const file of inputs) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/**
 * Thins a build's source map to one mapping per line of the service's own sources. Node.js
 * decodes every mapping of every module it loads when source maps are on
 * (`--enable-source-maps`, which `npm start` uses so that stack traces name src/ files and
 * lines): esbuild's full maps, a mapping per token and the bundled packages included, cost a
 * cold start 0.3 s of CPU and 50 MB of memory. A trace needs the line; the bundle is not
 * minified, so a generated line is one source line, and a package's frames name its function
 * anyway. A map left with nothing is removed with its reference.
 */
function appOnlySourceMap(jsFile) {
  const mapFile = `${jsFile}.map`;
  if (!existsSync(mapFile)) return;
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  // The service's sources, renumbered; names are dropped (a frame's name comes from the code).
  const sources = [];
  const renumbered = map.sources.map((source) =>
    source.includes('node_modules/') ? undefined : sources.push(source) - 1,
  );
  const lines = decode(map.mappings).map((segments) =>
    segments
      .filter((segment) => segment.length > 1 && renumbered[segment[1]] !== undefined)
      .slice(0, 1)
      .map(([column, source, line, sourceColumn]) => [column, renumbered[source], line, sourceColumn]),
  );
  if (lines.every((segments) => segments.length === 0)) {
    rmSync(mapFile);
    writeFileSync(jsFile, readFileSync(jsFile, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
    return;
  }
  writeFileSync(mapFile, JSON.stringify({ version: 3, sources, names: [], mappings: encode(lines) }));
}

const force = process.argv.includes('--force');
const hash = inputHash();
// --quiet: nothing said when nothing is built (before an operator command's own output).
const quiet = process.argv.includes('--quiet');
if (!force && existsSync(hashFile) && readFileSync(hashFile, 'utf8').trim() === hash) {
  if (!quiet) console.log('server: build is up to date');
  process.exit(0);
}

let esbuild, decode, encode;
try {
  esbuild = await import('esbuild');
  ({ decode, encode } = await import('@jridgewell/sourcemap-codec'));
} catch {
  console.warn(
    existsSync(join(out, 'main.js'))
      ? 'server: esbuild is not installed (no dev dependencies): running the existing build in dist/server'
      : 'server: esbuild is not installed (no dev dependencies) and dist/server is missing: build it where dev dependencies are installed (npm ci; npm run build)',
  );
  process.exit(existsSync(join(out, 'main.js')) ? 0 : 1);
}

const started = Date.now();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await esbuild.build({
  entryPoints: entries,
  outdir: out,
  bundle: true,
  // Modules shared by several entries go to chunks, loaded once by whichever entry needs them.
  splitting: true,
  // Chunks beside the entries, at the same depth (see above).
  chunkNames: 'chunk-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node22.12',
  plugins: [externals],
  // Bundled CommonJS packages call `require` (for Node's own modules); an ES module has none.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  // Stack traces point at src/ (with `--enable-source-maps`); names stay readable in logs.
  sourcesContent: false,
  keepNames: true,
  logLevel: 'warning',
});
for (const file of readdirSync(out).filter((entry) => entry.endsWith('.js'))) appOnlySourceMap(join(out, file));
writeFileSync(hashFile, `${hash}\n`);
console.log(`server: built dist/server in ${((Date.now() - started) / 1000).toFixed(1)} s`);
