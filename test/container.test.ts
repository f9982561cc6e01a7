import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { validate, ValidationSeverity } from 'dockerfile-utils';
import { parse } from 'yaml';
import { freePort, waitFor } from './helpers/server-process.js';

/*
 * No container engine runs where the suite runs, so the image is checked without building it:
 * the Dockerfile by a linter (dockerfile-utils, the checks behind editors' Dockerfile support)
 * and by its rules for this service; compose.yaml by what it must say; and the image's final
 * stage is rehearsed on this machine: a production install (no dev dependencies) next to the
 * builds, started the way the image's CMD starts it.
 */

const root = new URL('..', import.meta.url).pathname;
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** The instructions of the image's last stage, continuation lines joined. */
function finalStage(): string[] {
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const lastFrom = instructions.map((line) => line.startsWith('FROM ')).lastIndexOf(true);
  return instructions.slice(lastFrom);
}

const every = (severity: ValidationSeverity) => ({
  deprecatedMaintainer: severity,
  directiveCasing: severity,
  emptyContinuationLine: severity,
  instructionCasing: severity,
  instructionCmdMultiple: severity,
  instructionEntrypointMultiple: severity,
  instructionHealthcheckMultiple: severity,
  instructionJSONInSingleQuotes: severity,
  instructionWorkdirRelative: severity,
});

describe('the container image', () => {
  it('the Dockerfile passes the linter with every check an error', () => {
    const found = validate(dockerfile, every(ValidationSeverity.ERROR)).map(
      (d) => `line ${d.range.start.line + 1}: ${typeof d.message === 'string' ? d.message : d.message.value}`,
    );
    assert.deepEqual(found, []);
  });

  it('the final stage runs as a non-root user, checks /api/health, keeps DATA_DIR in a volume, and runs the build with node', () => {
    const stage = finalStage();
    const user = stage.filter((line) => line.startsWith('USER '));
    assert.deepEqual(user, ['USER node']);
    assert.ok(stage.indexOf('USER node') < stage.findIndex((line) => line.startsWith('CMD ')), 'USER before CMD');
    assert.ok(stage.some((line) => line.startsWith('HEALTHCHECK ') && line.includes('/api/health')));
    assert.ok(stage.some((line) => /^ENV .*DATA_DIR=\/data/.test(line)));
    assert.ok(stage.includes('VOLUME ["/data"]'));
    // The CMD is what `npm start` runs, without npm in between.
    assert.equal(scripts.start, 'node dist/server/main.js');
    assert.ok(stage.includes('CMD ["node", "dist/server/main.js"]'));
    // Only production dependencies: the build stage prunes the rest before the copy.
    assert.match(dockerfile, /npm prune --omit=dev/);
    assert.ok(!stage.some((line) => /^COPY (?!--from=build)/.test(line)), 'the final stage copies only from the build');
  });

  it('compose.yaml: the API (no worker in it), a worker, PostgreSQL; required secrets; known variables only', () => {
    // Merge keys (<<) as Docker Compose reads them.
    const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
      services: Record<
        string,
        {
          command?: string[];
          environment?: Record<string, string>;
          depends_on?: Record<string, { condition: string }>;
          healthcheck?: { test?: string[] };
        }
      >;
    };
    assert.deepEqual(Object.keys(compose.services).sort(), ['api', 'postgres', 'worker']);
    const { api, worker, postgres } = compose.services;
    assert.equal(api?.environment?.WORKER, 'off');
    assert.deepEqual(worker?.command, ['node', 'dist/server/worker-main.js']);
    assert.equal(scripts.worker, 'node dist/server/worker-main.js');
    for (const service of [api, worker]) {
      assert.equal(service?.depends_on?.postgres?.condition, 'service_healthy');
      assert.match(service?.environment?.DATABASE_URL ?? '', /^postgres:\/\/salon:\$\{POSTGRES_PASSWORD:\?/);
      assert.match(service?.environment?.JWT_SECRET ?? '', /^\$\{JWT_SECRET:\?/);
    }
    assert.ok(postgres?.healthcheck?.test?.join(' ').includes('pg_isready'));
    // Every variable given to the service is one it reads (listed in .env.example).
    const known = new Set(
      [...readFileSync(join(root, '.env.example'), 'utf8').matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]),
    );
    for (const name of Object.keys({ ...api?.environment, ...worker?.environment })) {
      assert.ok(known.has(name), `${name} is not a variable of the service`);
    }
  });

  describe('the final stage rehearsed: production dependencies only, beside the builds', () => {
    const app = mkdtempSync(join(tmpdir(), 'salon-image-'));
    after(() => rmSync(app, { recursive: true, force: true }));

    it('installs without dev dependencies, starts with node dist/server/main.js, and serves the API and the pages', async () => {
      for (const file of ['package.json', 'package-lock.json']) cpSync(join(root, file), join(app, file));
      const install = spawnSync(
        'npm',
        ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
        { cwd: app, encoding: 'utf8', timeout: 180_000 },
      );
      assert.equal(install.status, 0, install.stderr);
      cpSync(join(root, 'dist'), join(app, 'dist'), { recursive: true });
      cpSync(join(root, 'web', 'dist'), join(app, 'web', 'dist'), { recursive: true });

      const port = await freePort();
      const child = spawn(process.execPath, ['dist/server/main.js'], {
        cwd: app,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          DATA_DIR: join(app, 'data'),
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      try {
        const base = `http://127.0.0.1:${port}`;
        const health = await waitFor('health', async () => {
          if (child.exitCode !== null) throw new Error(output);
          const response = await fetch(`${base}/api/health`);
          return response.ok ? await response.json() : undefined;
        });
        assert.deepEqual(health, { status: 'ok', database: 'sqlite' });
        const page = await fetch(`${base}/book`);
        assert.equal(page.status, 200);
        // A route schema compiled on first use, a lazily loaded package: both present without dev dependencies.
        const login = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }),
        });
        assert.equal(login.status, 401);
      } finally {
        child.kill('SIGTERM');
        assert.equal(await exited, 0, output);
      }
    });
  });
});
