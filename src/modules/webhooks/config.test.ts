import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ConfigError, DEFAULT_WEBHOOKS, loadConfig } from '../../config.js';

describe('webhook settings from the environment', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-config-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('by default only https to public addresses, 15 s an attempt', () => {
    assert.deepEqual(load({}).webhooks, DEFAULT_WEBHOOKS);
    assert.deepEqual(DEFAULT_WEBHOOKS, { allowHttp: false, allowPrivate: false, timeoutMs: 15_000, extraPorts: [] });
  });

  it('WEBHOOKS_ALLOW_HTTP=1, WEBHOOKS_ALLOW_PRIVATE=1 and WEBHOOKS_TIMEOUT_SECONDS are read', () => {
    assert.deepEqual(
      load({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_TIMEOUT_SECONDS: '5' }).webhooks,
      { allowHttp: true, allowPrivate: true, timeoutMs: 5000, extraPorts: [] },
    );
    assert.equal(load({ WEBHOOKS_ALLOW_PRIVATE: '0' }).webhooks?.allowPrivate, false);
  });

  it('WEBHOOKS_ALLOW_PORTS is a list of ports or any', () => {
    assert.deepEqual(load({ WEBHOOKS_ALLOW_PORTS: '9000, 8080' }).webhooks?.extraPorts, [9000, 8080]);
    assert.equal(load({ WEBHOOKS_ALLOW_PORTS: 'ANY' }).webhooks?.extraPorts, 'any');
    assert.throws(() => load({ WEBHOOKS_ALLOW_PORTS: '0' }), ConfigError);
    assert.throws(() => load({ WEBHOOKS_ALLOW_PORTS: '80,http' }), ConfigError);
  });

  it('a value that is not a switch or a timeout out of range stops the start', () => {
    assert.throws(() => load({ WEBHOOKS_ALLOW_PRIVATE: 'yes please' }), ConfigError);
    assert.throws(() => load({ WEBHOOKS_TIMEOUT_SECONDS: '0' }), ConfigError);
  });
});
