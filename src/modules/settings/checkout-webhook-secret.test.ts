import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { createLogger } from '../../logger.js';
import { SecretBox } from '../../lib/secrets.js';

/*
 * The checkout provider's webhook signing secret authenticates payment events: whoever reads it
 * can sign a "paid" event the service believes. It is a secret like the API keys: never shown,
 * sealed at rest with SECRETS_KEY, never logged.
 */

const WEBHOOK_SECRET = 'whsec_attack_0123456789abcdef';

for (const dialect of DIALECTS) {
  describe(`checkout webhook secret [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    const get = () => t.request({ method: 'GET', url: '/api/settings', token: admin.token });
    const put = (payload: object) => t.request({ method: 'PUT', url: '/api/settings', token: admin.token, payload });
    const stored = async () =>
      (await t.ctx.db.selectFrom('settings').select('checkout_webhook_secret').executeTakeFirstOrThrow())
        .checkout_webhook_secret;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
    });
    after(() => t.close());

    it('an admin session cannot read the checkout webhook secret back: GET /api/settings masks it', async () => {
      const saved = await put({ checkout_webhook_secret: WEBHOOK_SECRET });
      assert.equal(saved.status, 200);
      assert.equal(saved.body.checkout_webhook_secret, '********');
      assert.equal(saved.body.checkout_webhook_secret_set, 1);
      const read = await get();
      assert.equal(read.body.checkout_webhook_secret, '********');
      assert.equal(read.body.checkout_webhook_secret_set, 1);
      assert.ok(!JSON.stringify(read.body).includes(WEBHOOK_SECRET));
    });

    it('a database dump or backup holds no usable checkout webhook secret: it is sealed with SECRETS_KEY', async () => {
      await put({ checkout_webhook_secret: WEBHOOK_SECRET });
      const raw = await stored();
      assert.ok(!raw.includes(WEBHOOK_SECRET), 'stored in clear');
      assert.ok(SecretBox.isSealed(raw));
      assert.equal(t.ctx.secrets.open(raw), WEBHOOK_SECRET);
    });

    it('the masked value sent back keeps the checkout webhook secret; "" clears it', async () => {
      await put({ checkout_webhook_secret: WEBHOOK_SECRET });
      assert.equal((await put((await get()).body)).status, 200, 'the whole GET body can be PUT back');
      assert.equal(t.ctx.secrets.open(await stored()), WEBHOOK_SECRET);
      const cleared = await put({ checkout_webhook_secret: '' });
      assert.equal(cleared.body.checkout_webhook_secret_set, 0);
      assert.equal(await stored(), '');
    });
  });
}

describe('logs', () => {
  it('a logged settings object shows no checkout webhook secret', () => {
    const lines: string[] = [];
    const log = createLogger('info', { write: (line: string) => void lines.push(line) });
    log.info({ settings: { checkout_webhook_secret: WEBHOOK_SECRET, salon_name: 'Studio' } }, 'settings');
    assert.equal(lines.length, 1);
    assert.ok(!lines[0]!.includes(WEBHOOK_SECRET), 'the secret was logged');
    assert.match(lines[0]!, /"checkout_webhook_secret":"\[redacted\]"/);
  });
});
