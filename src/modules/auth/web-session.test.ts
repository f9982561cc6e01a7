import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { WEB_ACCESS_TOKEN_TTL_SECONDS, WEB_CLIENT_TOKEN_TTL_SECONDS } from '../../lib/jwt.js';
import { hashToken } from '../../lib/tokens.js';
import { createStaff, createTestApp, PUBLIC_BASE_URL, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertClient } from '../../../test/helpers/factories.js';
import { hashPassword } from './service.js';
import { WEB_SESSION_IDLE_MS } from './web-sessions.js';

/** The Set-Cookie header of a response as one string per cookie. */
function setCookies(headers: Record<string, unknown>): string[] {
  const value = headers['set-cookie'] as string | string[] | undefined;
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The value a response set for cookie `name` ('' when it cleared it), or undefined. */
function cookieValue(headers: Record<string, unknown>, name: string): string | undefined {
  const cookie = setCookies(headers).find((c) => c.startsWith(`${name}=`));
  return cookie === undefined ? undefined : decodeURIComponent(cookie.slice(name.length + 1).split(';')[0]!);
}

for (const dialect of DIALECTS) {
  describe(`web sessions [${dialect}]`, () => {
    let t: TestApp;

    before(async () => {
      t = await createTestApp(dialect);
      await setupSalon(t);
    });
    after(() => t.close());

    const staffSignIn = (email: string, password: string, headers: Record<string, string> = {}) =>
      t.request({ method: 'POST', url: '/api/auth/web-session', payload: { email, password }, headers });
    const staffRefresh = (cookie: string | undefined, headers: Record<string, string> = {}) =>
      t.request({
        method: 'POST',
        url: '/api/auth/web-session/refresh',
        headers: { ...(cookie === undefined ? {} : { cookie: `salon_session=${cookie}` }), ...headers },
      });

    it('staff sign-in sets an httpOnly, SameSite=Strict cookie scoped to the session path and returns an access token', async () => {
      const member = await createStaff(t);
      const response = await staffSignIn(member.email, member.password);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(typeof response.body.token, 'string');
      assert.equal(response.body.user.id, member.id);
      assert.ok(response.body.expires_in > 0);
      assert.equal(response.body.refresh_token, undefined, 'no script-readable long-lived token');
      const [cookie] = setCookies(response.headers).filter((c) => c.startsWith('salon_session='));
      assert.ok(cookie, 'a session cookie');
      assert.match(cookie, /; HttpOnly/);
      assert.match(cookie, /; SameSite=Strict/);
      assert.match(cookie, /; Path=\/api\/auth\/web-session(;|$)/);
      assert.match(cookie, new RegExp(`; Max-Age=${WEB_SESSION_IDLE_MS / 1000}`));
      // PUBLIC_BASE_URL of the tests is http: no Secure flag, or the browser would drop it.
      assert.ok(PUBLIC_BASE_URL.startsWith('http:'));
      assert.doesNotMatch(cookie, /; Secure/);
      const me = await t.request({ method: 'GET', url: '/api/auth/me', token: response.body.token });
      assert.equal(me.status, 200);
    });

    it('the session token is stored only as its hash', async () => {
      const member = await createStaff(t);
      const session = cookieValue((await staffSignIn(member.email, member.password)).headers, 'salon_session')!;
      const rows = await t.ctx.db.selectFrom('web_sessions').selectAll().where('subject_id', '=', member.id).execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.token_hash, hashToken(session));
      assert.notEqual(rows[0]!.token_hash, session);
    });

    it('refresh with the cookie gives a new access token, again and again (several tabs), without rotating the cookie', async () => {
      const member = await createStaff(t);
      const session = cookieValue((await staffSignIn(member.email, member.password)).headers, 'salon_session')!;
      const [a, b] = await Promise.all([staffRefresh(session), staffRefresh(session)]);
      assert.equal(a.status, 200);
      assert.equal(b.status, 200);
      assert.equal(a.body.user.id, member.id);
      assert.equal(cookieValue(a.headers, 'salon_session'), session, 'the same session, its expiry renewed');
      assert.equal((await staffRefresh(session)).status, 200);
    });

    it('refresh without a cookie, or with an unknown one, is 401 no_session', async () => {
      const none = await staffRefresh(undefined);
      assert.equal(none.status, 401);
      assert.equal(none.body.code, 'no_session');
      const unknown = await staffRefresh('made-up-session');
      assert.equal(unknown.status, 401);
      assert.equal(cookieValue(unknown.headers, 'salon_session'), '', 'the stale cookie is cleared');
    });

    it('wrong credentials are 401 invalid_credentials and set no cookie', async () => {
      const member = await createStaff(t);
      const response = await staffSignIn(member.email, 'wrong-password');
      assert.equal(response.status, 401);
      assert.equal(response.body.code, 'invalid_credentials');
      assert.equal(cookieValue(response.headers, 'salon_session'), undefined);
    });

    it('sign-out ends the session: the cookie no longer refreshes', async () => {
      const member = await createStaff(t);
      const session = cookieValue((await staffSignIn(member.email, member.password)).headers, 'salon_session')!;
      const out = await t.request({
        method: 'DELETE',
        url: '/api/auth/web-session',
        headers: { cookie: `salon_session=${session}` },
      });
      assert.equal(out.status, 200);
      assert.equal(cookieValue(out.headers, 'salon_session'), '');
      assert.equal((await staffRefresh(session)).status, 401);
    });

    describe('sign-out that signs out: a web session’s access token dies with its session', () => {
      const me = (token: string) => t.request({ method: 'GET', url: '/api/auth/me', token });

      it('after DELETE /auth/web-session the session’s access token is refused at once (401), not hours later', async () => {
        const member = await createStaff(t);
        const signedIn = await staffSignIn(member.email, member.password);
        const session = cookieValue(signedIn.headers, 'salon_session')!;
        const refreshed = await staffRefresh(session);
        assert.equal((await me(signedIn.body.token)).status, 200);
        assert.equal((await me(refreshed.body.token)).status, 200);
        const out = await t.request({
          method: 'DELETE',
          url: '/api/auth/web-session',
          headers: { cookie: `salon_session=${session}` },
        });
        assert.equal(out.status, 200);
        for (const token of [signedIn.body.token, refreshed.body.token]) {
          const refused = await me(token);
          assert.equal(refused.status, 401);
          assert.equal(refused.body.code, 'invalid_token');
        }
      });

      it('POST /auth/logout with a web session’s access token ends that session: its token and cookie stop working, another browser’s go on', async () => {
        const member = await createStaff(t);
        const here = await staffSignIn(member.email, member.password);
        const there = await staffSignIn(member.email, member.password);
        const out = await t.request({ method: 'POST', url: '/api/auth/logout', token: here.body.token, payload: {} });
        assert.equal(out.status, 200);
        assert.equal((await me(here.body.token)).status, 401);
        assert.equal((await staffRefresh(cookieValue(here.headers, 'salon_session'))).status, 401);
        assert.equal((await me(there.body.token)).status, 200, 'the other browser stays signed in');
      });

      it('a new password refuses every web session’s access token at once', async () => {
        const member = await createStaff(t);
        const signedIn = await staffSignIn(member.email, member.password);
        const changed = await t.request({
          method: 'POST',
          url: '/api/auth/change-password',
          token: member.token,
          payload: {
            email: member.email,
            currentPassword: member.password,
            newPassword: 'another-password-1',
            confirmPassword: 'another-password-1',
          },
        });
        assert.equal(changed.status, 200, JSON.stringify(changed.body));
        assert.equal((await me(signedIn.body.token)).status, 401);
      });

      it('a web session’s access token lives 15 minutes (the page renews it before)', async () => {
        const member = await createStaff(t);
        const signedIn = await staffSignIn(member.email, member.password);
        assert.equal(signedIn.body.expires_in, WEB_ACCESS_TOKEN_TTL_SECONDS);
        assert.equal(WEB_ACCESS_TOKEN_TTL_SECONDS, 15 * 60);
        const claims = decodeJwt(signedIn.body.token);
        assert.equal(claims.exp! - claims.iat!, WEB_ACCESS_TOKEN_TTL_SECONDS);
        const refreshed = await staffRefresh(cookieValue(signedIn.headers, 'salon_session'));
        assert.equal(refreshed.body.expires_in, WEB_ACCESS_TOKEN_TTL_SECONDS);
      });

      it('a token naming another member’s session is refused', async () => {
        const owner = await createStaff(t);
        const other = await createStaff(t);
        await staffSignIn(owner.email, owner.password);
        const row = await t.ctx.db
          .selectFrom('web_sessions')
          .select('id')
          .where('kind', '=', 'staff')
          .where('subject_id', '=', owner.id)
          .executeTakeFirstOrThrow();
        const crossed = await t.ctx.signer.signAccess(other.id, 'staff', { sessionId: row.id, ttlSeconds: 60 });
        assert.equal((await me(crossed)).status, 401);
      });

      it('POST /auth/login’s access token is the interface’s: 8 hours, no session; logout revokes the refresh token it is given', async () => {
        const member = await createStaff(t);
        const login = await t.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: member.email, password: member.password, mobile: true },
        });
        const claims = decodeJwt(login.body.token);
        assert.equal(claims.exp! - claims.iat!, 8 * 60 * 60);
        assert.equal(claims.sid, undefined);
        const out = await t.request({
          method: 'POST',
          url: '/api/auth/logout',
          token: login.body.token,
          payload: { refresh_token: login.body.refresh_token },
        });
        assert.equal(out.status, 200);
        const refresh = await t.request({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: login.body.refresh_token },
        });
        assert.equal(refresh.status, 401);
      });
    });

    it('a session ends when it has been idle too long', async () => {
      const member = await createStaff(t);
      const session = cookieValue((await staffSignIn(member.email, member.password)).headers, 'salon_session')!;
      await t.ctx.db
        .updateTable('web_sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashToken(session))
        .execute();
      assert.equal((await staffRefresh(session)).status, 401);
    });

    it('a session ends 180 days after sign-in however busy', async () => {
      const member = await createStaff(t);
      const session = cookieValue((await staffSignIn(member.email, member.password)).headers, 'salon_session')!;
      await t.ctx.db
        .updateTable('web_sessions')
        .set({ created_at: new Date(Date.now() - 181 * 86_400_000).toISOString() })
        .where('token_hash', '=', hashToken(session))
        .execute();
      assert.equal((await staffRefresh(session)).status, 401);
    });

    it('a deactivated member’s session refreshes no more', async () => {
      const admin = await createStaff(t, 'admin');
      const member = await createStaff(t);
      const session = cookieValue((await staffSignIn(member.email, member.password)).headers, 'salon_session')!;
      const off = await t.request({
        method: 'PUT',
        url: `/api/staff/staff/${member.id}`,
        token: admin.token,
        payload: { active: false },
      });
      assert.equal(off.status, 200, JSON.stringify(off.body));
      assert.equal((await staffRefresh(session)).status, 401);
    });

    it('a new password ends every web session of the member', async () => {
      const member = await createStaff(t);
      const session = cookieValue((await staffSignIn(member.email, member.password)).headers, 'salon_session')!;
      const token = (await staffRefresh(session)).body.token as string;
      const changed = await t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        token,
        payload: {
          email: member.email,
          currentPassword: member.password,
          newPassword: 'another-password-2',
          confirmPassword: 'another-password-2',
        },
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.equal((await staffRefresh(session)).status, 401);
    });

    it('cross-site requests are refused with 403 cross_origin_request (Sec-Fetch-Site or a foreign Origin)', async () => {
      const member = await createStaff(t);
      const crossSite = await staffSignIn(member.email, member.password, { 'sec-fetch-site': 'cross-site' });
      assert.equal(crossSite.status, 403);
      assert.equal(crossSite.body.code, 'cross_origin_request');
      const session = cookieValue((await staffSignIn(member.email, member.password)).headers, 'salon_session')!;
      const foreign = await staffRefresh(session, { origin: 'https://evil.example' });
      assert.equal(foreign.status, 403);
      assert.equal(foreign.body.code, 'cross_origin_request');
      const own = await staffRefresh(session, {
        origin: new URL(PUBLIC_BASE_URL).origin,
        'sec-fetch-site': 'same-origin',
      });
      assert.equal(own.status, 200);
      const signOut = await t.request({
        method: 'DELETE',
        url: '/api/auth/web-session',
        headers: { cookie: `salon_session=${session}`, origin: 'https://evil.example' },
      });
      assert.equal(signOut.status, 403);
      assert.equal((await staffRefresh(session)).status, 200, 'a forged sign-out changes nothing');
    });

    describe('client web sessions', () => {
      const clientRefresh = (cookie: string) =>
        t.request({
          method: 'POST',
          url: '/api/public/web-session/refresh',
          headers: { cookie: `salon_client_session=${cookie}` },
        });

      it('a client signs in with a password: cookie on its own path, a short client token for the booking page', async () => {
        const client = await insertClient(t.ctx.db, { password_hash: await hashPassword('client-password-1') });
        const response = await t.request({
          method: 'POST',
          url: '/api/public/web-session',
          payload: { email: client.email, password: 'client-password-1' },
        });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.equal(response.body.client.id, client.id);
        assert.ok(response.body.expires_in <= 900);
        const [cookie] = setCookies(response.headers).filter((c) => c.startsWith('salon_client_session='));
        assert.match(cookie!, /; HttpOnly/);
        assert.match(cookie!, /; SameSite=Strict/);
        assert.match(cookie!, /; Path=\/api\/public\/web-session(;|$)/);
        const me = await t.request({ method: 'GET', url: '/api/public/me', token: response.body.clientToken });
        assert.equal(me.status, 200);
        const session = cookieValue(response.headers, 'salon_client_session')!;
        const refreshed = await clientRefresh(session);
        assert.equal(refreshed.status, 200);
        assert.equal(refreshed.body.client.id, client.id);
        // A staff session cookie is not a client's, and the other way round.
        const asStaff = await staffRefresh(session);
        assert.equal(asStaff.status, 401);
      });

      it('a page-readable flag (nothing secret) says a client session exists: set with it, cleared on sign-out and on a failed refresh', async () => {
        const client = await insertClient(t.ctx.db, { password_hash: await hashPassword('client-password-1') });
        const signedIn = await t.request({
          method: 'POST',
          url: '/api/public/web-session',
          payload: { email: client.email, password: 'client-password-1' },
        });
        const [flag] = setCookies(signedIn.headers).filter((c) => c.startsWith('salon_client_signed_in='));
        assert.ok(flag, 'the flag is set');
        assert.match(flag, /^salon_client_signed_in=1;/);
        assert.doesNotMatch(flag, /HttpOnly/);
        assert.match(flag, /; Path=\/(;|$)/);
        assert.match(flag, /; SameSite=Strict/);
        const session = cookieValue(signedIn.headers, 'salon_client_session')!;
        assert.equal(cookieValue((await clientRefresh(session)).headers, 'salon_client_signed_in'), '1');

        const signedOut = await t.request({
          method: 'DELETE',
          url: '/api/public/web-session',
          headers: { cookie: `salon_client_session=${session}` },
        });
        assert.equal(signedOut.status, 200);
        assert.equal(cookieValue(signedOut.headers, 'salon_client_signed_in'), '');
        const stale = await clientRefresh(session);
        assert.equal(stale.status, 401);
        assert.equal(cookieValue(stale.headers, 'salon_client_signed_in'), '', 'a stale flag is cleared');
        const none = await t.request({ method: 'POST', url: '/api/public/web-session/refresh' });
        assert.equal(none.status, 401);
        assert.equal(cookieValue(none.headers, 'salon_client_signed_in'), '');
      });

      it('a client signs in with a magic-link token, which then is used up', async () => {
        const client = await insertClient(t.ctx.db);
        const asked = await t.request({
          method: 'POST',
          url: '/api/public/client-magic-link',
          payload: { email: client.email },
        });
        assert.equal(asked.status, 200);
        await t.drain();
        const text = t.mail.to(client.email!).at(-1)!.text;
        const token = decodeURIComponent(/\/client\/magic\?token=([A-Za-z0-9_%-]+)/.exec(text)![1]!);
        const first = await t.request({
          method: 'POST',
          url: '/api/public/web-session',
          payload: { magic_token: token },
        });
        assert.equal(first.status, 200, JSON.stringify(first.body));
        assert.equal(first.body.client.id, client.id);
        const again = await t.request({
          method: 'POST',
          url: '/api/public/web-session',
          payload: { magic_token: token },
        });
        assert.equal(again.status, 400);
        assert.equal(again.body.code, 'invalid_token');
      });

      it('a client sign-in without a password or a magic-link token is 400', async () => {
        const response = await t.request({
          method: 'POST',
          url: '/api/public/web-session',
          payload: { email: 'a@b.nl' },
        });
        assert.equal(response.status, 400);
        assert.equal(response.body.code, 'validation_failed');
      });

      it('after DELETE /public/web-session the client token of that session is refused at once (401)', async () => {
        const client = await insertClient(t.ctx.db, { password_hash: await hashPassword('client-password-1') });
        const signedIn = await t.request({
          method: 'POST',
          url: '/api/public/web-session',
          payload: { email: client.email, password: 'client-password-1' },
        });
        assert.equal(signedIn.body.expires_in, WEB_CLIENT_TOKEN_TTL_SECONDS);
        assert.equal(WEB_CLIENT_TOKEN_TTL_SECONDS, 15 * 60);
        const clientMe = (token: string) => t.request({ method: 'GET', url: '/api/public/me', token });
        assert.equal((await clientMe(signedIn.body.clientToken)).status, 200);
        const out = await t.request({
          method: 'DELETE',
          url: '/api/public/web-session',
          headers: { cookie: `salon_client_session=${cookieValue(signedIn.headers, 'salon_client_session')!}` },
        });
        assert.equal(out.status, 200);
        const refused = await clientMe(signedIn.body.clientToken);
        assert.equal(refused.status, 401);
        assert.equal(refused.body.code, 'invalid_token');
      });

      it('erasing a client ends their web sessions', async () => {
        const admin = await createStaff(t, 'admin');
        const client = await insertClient(t.ctx.db, { password_hash: await hashPassword('client-password-1') });
        const response = await t.request({
          method: 'POST',
          url: '/api/public/web-session',
          payload: { email: client.email, password: 'client-password-1' },
        });
        const session = cookieValue(response.headers, 'salon_client_session')!;
        const erased = await t.request({ method: 'POST', url: `/api/clients/${client.id}/erase`, token: admin.token });
        assert.ok(erased.status < 300, JSON.stringify(erased.body));
        assert.equal((await clientRefresh(session)).status, 401);
      });
    });
  });
}
