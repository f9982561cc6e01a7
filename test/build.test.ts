import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { decode } from '@jridgewell/sourcemap-codec';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist', 'server');

describe('the compiled build (dist/server)', () => {
  it('npm start and npm run worker run the build with plain node, no TypeScript loader', () => {
    const { scripts, dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
    };
    assert.equal(scripts.start, 'node dist/server/main.js');
    assert.equal(scripts.worker, 'node dist/server/worker-main.js');
    assert.equal(dependencies.tsx, undefined, 'tsx is a development tool only');
    for (const entry of ['main.js', 'worker-main.js']) assert.ok(existsSync(join(built, entry)), entry);
  });

  it('its source maps name only the service’s own sources, one mapping a line', () => {
    const maps = readdirSync(built).filter((file) => file.endsWith('.js.map'));
    assert.ok(maps.length > 0);
    for (const file of maps) {
      const map = JSON.parse(readFileSync(join(built, file), 'utf8')) as { sources: string[]; mappings: string };
      for (const source of map.sources) assert.match(source, /^\.\.\/\.\.\/src\/.+\.ts$/, `${file}: ${source}`);
      for (const line of decode(map.mappings)) assert.ok(line.length <= 1, file);
    }
  });
});
