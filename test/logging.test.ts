import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestApp, uniqueEmail } from './helpers/app.js';
import { DIALECTS } from './helpers/database.js';

for (const dialect of DIALECTS) {
  describe(`logs [${dialect}]`, () => {
    it('secrets are never logged: passwords, tokens, temporary passwords, reset links, settings secrets', async () => {
      const lines: string[] = [];
      const t = await createTestApp(dialect, {
        config: { logLevel: 'trace' },
        logDestination: { write: (line: string) => void lines.push(line) },
      });
      try {
        const email = uniqueEmail('owner');
        const setup = await t.request({
          method: 'POST',
          url: '/api/auth/setup',
          payload: { admin_name: 'Owner', admin_email: email, admin_password: 'very-secret-setup', salon_name: 'Logs' },
        });
        const token: string = setup.body.token;
        const session = await t.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'very-secret-setup', mobile: true },
        });
        await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-secret-guess' } });
        const staffEmail = uniqueEmail('staff');
        await t.request({
          method: 'POST',
          url: '/api/auth/register',
          token,
          payload: { email: staffEmail, name: 'Staff' },
        });
        await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
        await t.request({
          method: 'PUT',
          url: '/api/settings',
          token,
          payload: {
            smtp_pass: 'smtp-secret-xyz',
            cardpay_api_key: 'card-secret-xyz',
            checkout_secret_key: 'checkout-secret-xyz',
          },
        });
        await t.request({ method: 'GET', url: '/api/settings', token });
        await t.drain();

        const temporary = /(?:Temporary password|Tijdelijk wachtwoord): (\S+)/.exec(
          t.mail.to(staffEmail)[0]!.text,
        )![1]!;
        const resetToken = /token=([^&\s]+)/.exec(t.mail.to(email).at(-1)!.text)![1]!;
        const log = lines.join('');
        assert.ok(lines.length > 10, 'requests were logged');
        for (const secret of [
          'very-secret-setup',
          'wrong-secret-guess',
          token,
          session.body.token,
          session.body.refresh_token,
          temporary,
          decodeURIComponent(resetToken),
          'smtp-secret-xyz',
          'card-secret-xyz',
          'checkout-secret-xyz',
        ]) {
          assert.ok(!log.includes(secret), `a secret appears in the logs: ${secret.slice(0, 6)}…`);
        }
        assert.match(log, /"request_id"|"reqId"/);
      } finally {
        await t.close();
      }
    });
  });
}
