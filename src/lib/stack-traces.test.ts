import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { build } from 'esbuild';
import { sourceLocated } from './stack-traces.js';

describe('stack traces of the compiled build', () => {
  const root = mkdtempSync(join(tmpdir(), 'salon-stack-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  /** A source compiled the way scripts/build-server.mjs compiles, into <root>/dist/server/. */
  async function compiled(source: string): Promise<{ js: string; url: string }> {
    mkdirSync(join(root, 'src'), { recursive: true });
    writeFileSync(join(root, 'src', 'booking.ts'), source);
    await build({
      entryPoints: [join(root, 'src', 'booking.ts')],
      outdir: join(root, 'dist', 'server'),
      bundle: true,
      format: 'esm',
      platform: 'node',
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'silent',
    });
    const file = join(root, 'dist', 'server', 'booking.js');
    return { js: readFileSync(file, 'utf8'), url: pathToFileURL(file).href };
  }

  it('a frame in the build names the source file and line; other frames are left as they are', async () => {
    const { js, url } = await compiled(
      [
        'type Slot = { start: string };',
        '',
        'export function refuse(slot: Slot): never {',
        '  throw new Error(`taken: ${slot.start}`);',
        '}',
        '',
      ].join('\n'),
    );
    const lines = js.split('\n');
    const line = lines.findIndex((text) => text.includes('throw new Error')) + 1;
    const column = (lines[line - 1] ?? '').indexOf('throw') + 1;
    assert.ok(line > 0);

    // The line is what a trace needs; the column is the nearest the map knows.
    const source = join(root, 'src', 'booking.ts');
    assert.match(sourceLocated(`refuse (${url}:${line}:${column})`), new RegExp(`^refuse \\(${source}:4:\\d+\\)$`));
    assert.match(sourceLocated(`${url}:${line}:${column}`), new RegExp(`^${source}:4:\\d+$`));
    const elsewhere = 'listOnTimeout (node:internal/timers:588:17)';
    assert.equal(sourceLocated(elsewhere), elsewhere);
  });

  it('a build file without a map keeps its frame', () => {
    const frame = `run (${pathToFileURL(join(root, 'dist', 'server', 'missing.js')).href}:10:5)`;
    assert.equal(sourceLocated(frame), frame);
  });
});
