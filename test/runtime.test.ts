import assert from 'node:assert/strict';
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, it } from 'node:test';
import semver from 'semver';
import { supportedNodeRange, unsupportedNodeMessage } from '../src/lib/node-version.js';

const root = new URL('..', import.meta.url).pathname;

/** A Node.js older than the supported range installed on this machine (outside the project), if any. */
function olderNode(): string | undefined {
  const candidates = new Set<string>(['/usr/bin/node', '/usr/local/bin/node']);
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir.includes('node_modules')) candidates.add(join(dir, 'node'));
  }
  for (const candidate of candidates) {
    if (!existsSync(candidate)) continue;
    try {
      const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
      if (!semver.satisfies(version, supportedNodeRange())) return candidate;
    } catch {
      // not runnable: try the next one
    }
  }
  return undefined;
}

describe('the Node.js runtime', () => {
  it('the suite runs on a supported Node.js (the project-local Node.js 24 under npm)', () => {
    console.log(`node ${process.version} (${process.execPath})`);
    assert.equal(unsupportedNodeMessage(process.versions.node), undefined);
  });

  it('supported versions are the 22 and 24 LTS lines and newer, as package.json engines says', () => {
    for (const version of ['22.12.0', '22.22.2', '24.0.0', '24.21.0', '26.1.0']) {
      assert.equal(unsupportedNodeMessage(version), undefined, version);
    }
    for (const version of ['18.20.8', '20.20.2', '21.7.3', '22.11.0']) {
      assert.equal(
        unsupportedNodeMessage(version),
        `Salon needs Node.js ${supportedNodeRange()} (the 22 or 24 LTS line); this is Node.js ${version}.`,
      );
    }
  });

  it('an older Node.js refuses to start at once with one line naming the required version', (t) => {
    const old = olderNode();
    if (!old) {
      t.skip('no Node.js older than the supported range on this machine');
      return;
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'salon-old-node-'));
    try {
      // The compiled entries, as `npm start` and `npm run worker` run them (the suite builds them first).
      for (const entry of ['dist/server/main.js', 'dist/server/worker-main.js']) {
        const result: SpawnSyncReturns<string> = spawnSync(old, [entry], {
          cwd: root,
          env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
          encoding: 'utf8',
          timeout: 30_000,
        });
        assert.equal(result.status, 1, `${entry}: ${result.stderr}`);
        const lines = result.stderr.trim().split('\n');
        assert.equal(lines.length, 1, result.stderr);
        assert.match(
          lines[0] ?? '',
          /^Salon needs Node\.js >=22\.12\.0 \(the 22 or 24 LTS line\); this is Node\.js \d+\./,
        );
        // Refused before anything was opened: no database file in the data directory.
        assert.deepEqual(readdirSync(dataDir), []);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('statements collected by the garbage collector while the database is open do not abort the process at exit', () => {
    const dir = mkdtempSync(join(tmpdir(), 'salon-gc-'));
    try {
      const result = spawnSync(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', 'test/fixtures/collect-statements.ts', join(dir, 'salon.db')],
        { cwd: root, encoding: 'utf8', timeout: 60_000 },
      );
      assert.equal(result.signal, null, `killed by ${result.signal}: ${result.stderr}`);
      assert.doesNotMatch(result.stderr, /Assertion failed|Aborted|FATAL/);
      assert.equal(result.status, 0, result.stderr);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
