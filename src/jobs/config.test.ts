import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { removeTempDirs, tempDir } from '../../test/helpers/data-dir.js';
import { ConfigError, loadConfig } from '../config.js';

describe('the job worker from the environment (JOB_CONCURRENCY)', () => {
  const dataDir = tempDir('salon-config-');
  after(removeTempDirs);
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('runs 8 jobs at once on PostgreSQL and 4 on SQLite unless JOB_CONCURRENCY says otherwise', () => {
    assert.equal(load({}).jobConcurrency, 4);
    assert.equal(load({ DATABASE_URL: 'postgres://salon@db.example/salon' }).jobConcurrency, 8);
    assert.equal(load({ DATABASE_URL: 'postgres://salon@db.example/salon', JOB_CONCURRENCY: '2' }).jobConcurrency, 2);
    assert.equal(load({ JOB_CONCURRENCY: '16' }).jobConcurrency, 16);
    assert.throws(
      () => load({ JOB_CONCURRENCY: '0' }),
      (error: unknown) => error instanceof ConfigError && /JOB_CONCURRENCY/.test(error.message),
    );
  });
});
