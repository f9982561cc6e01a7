import assert from 'node:assert/strict';
import { after, beforeEach, describe, it } from 'node:test';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';

/* The set-up's extension: the salon's time zone, language and currency chosen with the rest. */

const owner = () => ({
  admin_name: 'First Owner',
  admin_email: uniqueEmail('first'),
  admin_password: 'long-enough',
  salon_name: 'Kapsalon Noord',
});

for (const dialect of DIALECTS) {
  describe(`setup with the salon's choices [${dialect}]`, () => {
    let t: TestApp;
    beforeEach(async () => {
      await t?.close();
      t = await createTestApp(dialect);
    });
    after(() => t.close());

    it('setup stores the time zone, language and currency it is given, in the settings', async () => {
      const setup = await t.request({
        method: 'POST',
        url: '/api/auth/setup',
        payload: { ...owner(), timezone: 'America/New_York', language: 'nl', currency: 'USD' },
      });
      assert.equal(setup.status, 201, JSON.stringify(setup.body));
      const settings = await t.request({ method: 'GET', url: '/api/settings', token: setup.body.token });
      assert.equal(settings.body.timezone, 'America/New_York');
      assert.equal(settings.body.language, 'nl');
      assert.equal(settings.body.currency, 'USD');
    });

    it("setup without the choices keeps the settings' defaults (a client written to the interface alone)", async () => {
      const setup = await t.request({ method: 'POST', url: '/api/auth/setup', payload: owner() });
      assert.equal(setup.status, 201, JSON.stringify(setup.body));
      const settings = await t.request({ method: 'GET', url: '/api/settings', token: setup.body.token });
      assert.equal(settings.body.timezone, 'Europe/Amsterdam');
      assert.equal(settings.body.currency, 'EUR');
    });

    it('setup refuses an unknown time zone or currency with 400 on its field, and creates no user', async () => {
      for (const [field, value] of [
        ['timezone', 'Mars/Olympus'],
        ['currency', 'XYZ'],
        ['language', 'Dutch'],
      ] as const) {
        const refused = await t.request({
          method: 'POST',
          url: '/api/auth/setup',
          payload: { ...owner(), [field]: value },
        });
        assert.equal(refused.status, 400, `${field}: ${JSON.stringify(refused.body)}`);
        assert.equal(refused.body.code, 'validation_failed');
        assert.ok(
          (refused.body.details as { field: string }[]).some((detail) => detail.field === field),
          `${field} named: ${JSON.stringify(refused.body.details)}`,
        );
      }
      const status = await t.request({ method: 'GET', url: '/api/auth/setup-status' });
      assert.equal(status.body.needsSetup, true);
    });
  });
}
