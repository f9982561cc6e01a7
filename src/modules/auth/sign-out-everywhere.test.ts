import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';

for (const dialect of DIALECTS) {
  describe(`sign out everywhere [${dialect}]`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect);
      await setupSalon(t);
    });
    after(() => t.close());

    const browser = async (email: string, password: string) => {
      const response = await t.request({ method: 'POST', url: '/api/auth/web-session', payload: { email, password } });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const cookie = String(response.headers['set-cookie']).split(';')[0]!;
      return { token: response.body.token as string, cookie };
    };

    it("sign out everywhere ends every browser session, refresh token and push device of the caller, and no one else's", async () => {
      const member = await createStaff(t);
      const colleague = await createStaff(t);
      const here = await browser(member.email, member.password);
      const there = await browser(member.email, member.password);
      const theirs = await browser(colleague.email, colleague.password);
      const app = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: member.password, mobile: true },
      });
      const device = await t.request({
        method: 'POST',
        url: '/api/auth/device',
        token: app.body.token,
        payload: { token: 'device-of-the-phone', platform: 'ios' },
      });
      assert.equal(device.status, 200);

      const done = await t.request({ method: 'POST', url: '/api/auth/sign-out-everywhere', token: here.token });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      assert.deepEqual(done.body, { ok: true });

      for (const session of [here, there]) {
        const me = await t.request({ method: 'GET', url: '/api/auth/me', token: session.token });
        assert.equal(me.status, 401, 'the access token of every browser is refused at once');
        const refresh = await t.request({
          method: 'POST',
          url: '/api/auth/web-session/refresh',
          headers: { cookie: session.cookie },
        });
        assert.equal(refresh.status, 401, 'no browser can get a new token');
      }
      const renewed = await t.request({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: app.body.refresh_token },
      });
      assert.equal(renewed.status, 401, 'the app cannot renew its token');
      const devices = await t.ctx.db
        .selectFrom('device_tokens')
        .select('token')
        .where('user_id', '=', member.id)
        .execute();
      assert.deepEqual(devices, []);

      const colleagueMe = await t.request({ method: 'GET', url: '/api/auth/me', token: theirs.token });
      assert.equal(colleagueMe.status, 200, "a colleague's session stays");
    });

    it('sign out everywhere without a token is 401', async () => {
      const response = await t.request({ method: 'POST', url: '/api/auth/sign-out-everywhere' });
      assert.equal(response.status, 401);
    });
  });
}
