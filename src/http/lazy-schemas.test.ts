import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../test/helpers/app.js';
import { compileAllSchemas, pendingSchemaCount } from './lazy-schemas.js';

describe('route schemas compiled on first use', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite');
    await t.app.ready();
  });
  after(() => t.close());

  it('a route compiled on its first request validates and serialises as before', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x', password: 12345678 },
    });
    assert.equal(refused.statusCode, 400);
    const body = refused.json<{ error: string; details: Array<{ field: string }> }>();
    assert.match(body.error, /email must be a valid email; password must be string/);
    assert.deepEqual(body.details.map((detail) => detail.field).sort(), ['email', 'password']);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(health.statusCode, 200);
    assert.deepEqual(health.json(), { status: 'ok', database: 'sqlite' });
  });
  it('a started app has compiled (almost) nothing; every schema of every route compiles', () => {
    const pendingAtStart = pendingSchemaCount();
    assert.ok(pendingAtStart > 500, `only ${pendingAtStart} schemas waiting: are they compiled at start again?`);
    compileAllSchemas();
    assert.equal(pendingSchemaCount(), 0);
  });
});
