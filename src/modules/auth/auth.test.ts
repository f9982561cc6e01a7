import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { hashToken } from '../../lib/tokens.js';
import {
  ADMIN_PASSWORD,
  createStaff,
  createTestApp,
  PUBLIC_BASE_URL,
  setupSalon,
  uniqueEmail,
  type TestApp,
} from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';

const post = (t: TestApp, url: string, payload: unknown, token?: string) =>
  t.request({ method: 'POST', url, payload: payload as object, ...(token ? { token } : {}) });

const login = (t: TestApp, email: string, password: string, extra: object = {}) =>
  post(t, '/api/auth/login', { email, password, ...extra });

function resetLinkFrom(text: string): URL {
  const match = /(http\S+\/reset-password\?\S+)/.exec(text);
  assert.ok(match, `no reset link in: ${text}`);
  return new URL(match[1]!);
}

/**
 * The link of the newest reset email to `email`. Picked by subject: the mail jobs of one
 * drain run in parallel, so a password-changed email may arrive after it.
 */
function latestResetLink(t: TestApp, email: string): URL {
  const resets = t.mail.to(email).filter((m) => /^Reset your password/.test(m.subject));
  assert.ok(resets.length > 0, `no reset email to ${email}`);
  return resetLinkFrom(resets.at(-1)!.text);
}

for (const dialect of DIALECTS) {
  describe(`auth [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; email: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
    });
    after(() => t.close());

    describe('POST /auth/setup and GET /auth/setup-status', () => {
      it('setup-status is true while zero user accounts exist and false after setup', async () => {
        const fresh = await createTestApp(dialect);
        try {
          assert.deepEqual((await fresh.request({ method: 'GET', url: '/api/auth/setup-status' })).body, {
            needsSetup: true,
          });
          await setupSalon(fresh);
          assert.deepEqual((await fresh.request({ method: 'GET', url: '/api/auth/setup-status' })).body, {
            needsSetup: false,
          });
        } finally {
          await fresh.close();
        }
      });

      it('setup creates an admin and answers 201 { token, user: { id, name, role } }', async () => {
        const fresh = await createTestApp(dialect);
        try {
          const email = uniqueEmail('first');
          const response = await post(fresh, '/api/auth/setup', {
            admin_name: 'First Owner',
            admin_email: email,
            admin_password: 'long-enough',
            salon_name: 'Kapsalon Noord',
            salon_email: 'info@kapsalon.example',
            salon_phone: '+31 20 123 4567',
            salon_address: 'Damstraat 1, Amsterdam',
            opening_hours: [
              { day_of_week: 1, open_time: '09:00', close_time: '17:30', is_closed: false },
              { day_of_week: 0, is_closed: true },
            ],
          });
          assert.equal(response.status, 201);
          assert.deepEqual(Object.keys(response.body).sort(), ['token', 'user']);
          assert.deepEqual(response.body.user, { id: response.body.user.id, name: 'First Owner', role: 'admin' });
          const me = await fresh.request({ method: 'GET', url: '/api/auth/users', token: response.body.token });
          assert.equal(me.status, 200, 'the setup token is an admin access token');

          const settings = await fresh.ctx.db.selectFrom('settings').selectAll().executeTakeFirstOrThrow();
          assert.equal(settings.salon_name, 'Kapsalon Noord');
          assert.equal(settings.salon_phone, '+31 20 123 4567');
          const hours = await fresh.ctx.db.selectFrom('opening_hours').selectAll().orderBy('day_of_week').execute();
          assert.deepEqual(hours, [
            { day_of_week: 0, open_time: null, close_time: null, is_closed: 1 },
            { day_of_week: 1, open_time: '09:00', close_time: '17:30', is_closed: 0 },
          ]);
        } finally {
          await fresh.close();
        }
      });

      it('setup works only while zero user accounts exist: afterwards every call is 400', async () => {
        const response = await post(t, '/api/auth/setup', {
          admin_name: 'Intruder',
          admin_email: uniqueEmail('intruder'),
          admin_password: 'long-enough',
          salon_name: 'Taken over',
        });
        assert.equal(response.status, 400);
        assert.equal(response.body.code, 'setup_done');
        const users = await t.ctx.db.selectFrom('users').select('name').execute();
        assert.ok(!users.some((u) => u.name === 'Intruder'));
      });

      it('concurrent setups create exactly one admin', async () => {
        const fresh = await createTestApp(dialect);
        try {
          const attempts = await Promise.all(
            Array.from({ length: 5 }, (_, i) =>
              post(fresh, '/api/auth/setup', {
                admin_name: `Owner ${i}`,
                admin_email: uniqueEmail('race'),
                admin_password: 'long-enough',
                salon_name: 'Race',
              }),
            ),
          );
          assert.deepEqual(attempts.map((a) => a.status).sort(), [201, 400, 400, 400, 400]);
          const users = await fresh.ctx.db.selectFrom('users').select('id').execute();
          assert.equal(users.length, 1);
        } finally {
          await fresh.close();
        }
      });

      it('setup validates its body: password minimum 8, required fields, opening hours', async () => {
        const fresh = await createTestApp(dialect);
        try {
          const valid = { admin_name: 'A', admin_email: uniqueEmail(), admin_password: 'long-enough', salon_name: 'S' };
          const cases: object[] = [
            { ...valid, admin_password: 'short' },
            { ...valid, salon_name: undefined },
            { ...valid, admin_email: 'not-an-email' },
            { ...valid, opening_hours: [{ day_of_week: 7, open_time: '09:00', close_time: '17:00' }] },
            { ...valid, opening_hours: [{ day_of_week: 1, open_time: '18:00', close_time: '09:00' }] },
            { ...valid, opening_hours: [{ day_of_week: 1, open_time: '9am', close_time: '17:00' }] },
            {
              ...valid,
              opening_hours: [
                { day_of_week: 2, open_time: '09:00', close_time: '17:00' },
                { day_of_week: 2, open_time: '10:00', close_time: '18:00' },
              ],
            },
          ];
          for (const body of cases) {
            const response = await post(fresh, '/api/auth/setup', body);
            assert.equal(response.status, 400, JSON.stringify(body));
            assert.equal(typeof response.body.error, 'string');
          }
          assert.deepEqual((await fresh.request({ method: 'GET', url: '/api/auth/setup-status' })).body, {
            needsSetup: true,
          });
        } finally {
          await fresh.close();
        }
      });
    });

    describe('POST /auth/login', () => {
      it('answers 200 { token, user: { id, name, email, role, require_password_change } } without a refresh token unless mobile', async () => {
        const response = await login(t, admin.email, ADMIN_PASSWORD);
        assert.equal(response.status, 200);
        assert.deepEqual(Object.keys(response.body).sort(), ['token', 'user']);
        assert.deepEqual(response.body.user, {
          id: admin.id,
          name: 'Olivia Owner',
          email: admin.email,
          role: 'admin',
          require_password_change: false,
        });
      });

      it('the access token is a JWT that expires after 8 hours', async () => {
        const response = await login(t, admin.email, ADMIN_PASSWORD);
        const claims = decodeJwt(response.body.token);
        assert.equal(claims.exp! - claims.iat!, 8 * 60 * 60);
        assert.equal(claims.sub, String(admin.id));
        assert.equal(claims.typ, 'access');
        assert.equal(claims.role, 'admin');
      });

      it('with mobile true a refresh token valid for 30 days is returned and stored server-side (hashed)', async () => {
        const response = await login(t, admin.email, ADMIN_PASSWORD, { mobile: true });
        assert.equal(response.status, 200);
        assert.equal(typeof response.body.refresh_token, 'string');
        assert.ok(response.body.refresh_token.length >= 43, 'at least 32 random bytes');
        const stored = await t.ctx.db
          .selectFrom('refresh_tokens')
          .selectAll()
          .where('token_hash', '=', hashToken(response.body.refresh_token))
          .executeTakeFirstOrThrow();
        const lifetimeDays = (Date.parse(stored.expires_at) - Date.parse(stored.created_at)) / 86_400_000;
        assert.equal(lifetimeDays, 30);
        const raw = await t.ctx.db
          .selectFrom('refresh_tokens')
          .select('id')
          .where('token_hash', '=', response.body.refresh_token)
          .execute();
        assert.equal(raw.length, 0, 'the token itself is never stored');
      });

      it('the email is matched case-insensitively', async () => {
        const response = await login(t, `  ${admin.email.toUpperCase()} `.trim(), ADMIN_PASSWORD);
        assert.equal(response.status, 200);
      });

      it('invalid credentials give 401 with the same body for a wrong password and an unknown email', async () => {
        const wrongPassword = await login(t, admin.email, 'not-the-password');
        const unknownEmail = await login(t, uniqueEmail('nobody'), 'not-the-password');
        assert.equal(wrongPassword.status, 401);
        assert.equal(unknownEmail.status, 401);
        assert.deepEqual(wrongPassword.body, unknownEmail.body);
        assert.equal(wrongPassword.body.code, 'invalid_credentials');
      });

      it('wrong passwords are held back per (account, address) pair: from many addresses none is refused, and the right one signs in', async () => {
        // Each request of t.request comes from its own address (sign-in-lockout.test.ts has the pair's own limit).
        const staff = await createStaff(t);
        const statuses: number[] = [];
        for (let i = 0; i < 12; i++) statuses.push((await login(t, staff.email, 'wrong-password')).status);
        assert.deepEqual(statuses, Array(12).fill(401));
        assert.equal((await login(t, staff.email, staff.password)).status, 200);
      });

      it('successful sign-ins never count towards a limit', async () => {
        const staff = await createStaff(t);
        for (let i = 0; i < 12; i++) assert.equal((await login(t, staff.email, staff.password)).status, 200);
      });

      it('login is rate limited per IP: 429 after 30 attempts a minute from one address', async () => {
        const remoteAddress = '192.0.2.77';
        const statuses: number[] = [];
        for (let i = 0; i < 31; i++) {
          const response = await t.request({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress,
            payload: { email: uniqueEmail('spray'), password: 'whatever-1' },
          });
          statuses.push(response.status);
        }
        assert.deepEqual(statuses.slice(0, 30), Array(30).fill(401));
        assert.equal(statuses[30], 429);
        const otherAddress = await login(t, admin.email, ADMIN_PASSWORD);
        assert.equal(otherAddress.status, 200, 'other clients are not affected');
      });
    });

    describe('POST /auth/refresh', () => {
      it('rotation: the presented refresh token is deleted and a new one issued with a new access token', async () => {
        const first = await login(t, admin.email, ADMIN_PASSWORD, { mobile: true });
        const rotated = await post(t, '/api/auth/refresh', { refresh_token: first.body.refresh_token });
        assert.equal(rotated.status, 200);
        assert.deepEqual(Object.keys(rotated.body).sort(), ['refresh_token', 'token', 'user']);
        assert.notEqual(rotated.body.refresh_token, first.body.refresh_token);
        assert.equal(rotated.body.user.email, admin.email);
        const users = await t.request({ method: 'GET', url: '/api/auth/users', token: rotated.body.token });
        assert.equal(users.status, 200);

        const again = await post(t, '/api/auth/refresh', { refresh_token: first.body.refresh_token });
        assert.equal(again.status, 401);
      });

      it('reuse of a rotated refresh token revokes the whole token family', async () => {
        const first = await login(t, admin.email, ADMIN_PASSWORD, { mobile: true });
        const second = await post(t, '/api/auth/refresh', { refresh_token: first.body.refresh_token });
        assert.equal(second.status, 200);
        // An attacker replays the old token: refused, and the legitimate new token dies too.
        assert.equal((await post(t, '/api/auth/refresh', { refresh_token: first.body.refresh_token })).status, 401);
        assert.equal((await post(t, '/api/auth/refresh', { refresh_token: second.body.refresh_token })).status, 401);
      });

      it('an invalid or expired refresh token gives 401', async () => {
        assert.equal((await post(t, '/api/auth/refresh', { refresh_token: 'made-up-token' })).status, 401);
        const session = await login(t, admin.email, ADMIN_PASSWORD, { mobile: true });
        await t.ctx.db
          .updateTable('refresh_tokens')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .where('token_hash', '=', hashToken(session.body.refresh_token))
          .execute();
        const expired = await post(t, '/api/auth/refresh', { refresh_token: session.body.refresh_token });
        assert.equal(expired.status, 401);
        assert.equal(expired.body.code, 'invalid_refresh_token');
      });

      it('two concurrent refreshes with one token: at most one succeeds', async () => {
        const session = await login(t, admin.email, ADMIN_PASSWORD, { mobile: true });
        const results = await Promise.all([
          post(t, '/api/auth/refresh', { refresh_token: session.body.refresh_token }),
          post(t, '/api/auth/refresh', { refresh_token: session.body.refresh_token }),
        ]);
        assert.ok(results.filter((r) => r.status === 200).length <= 1);
        assert.ok(results.some((r) => r.status === 401));
      });
    });

    describe('POST /auth/logout', () => {
      it('requires login', async () => {
        assert.equal((await post(t, '/api/auth/logout', {})).status, 401);
      });

      it('revokes the given refresh token and removes the given device token', async () => {
        const session = await login(t, admin.email, ADMIN_PASSWORD, { mobile: true });
        const device = `device-${uniqueEmail()}`;
        assert.equal(
          (await post(t, '/api/auth/device', { token: device, platform: 'ios' }, session.body.token)).status,
          200,
        );

        const response = await post(
          t,
          '/api/auth/logout',
          { refresh_token: session.body.refresh_token, device_token: device },
          session.body.token,
        );
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true });
        assert.equal((await post(t, '/api/auth/refresh', { refresh_token: session.body.refresh_token })).status, 401);
        const devices = await t.ctx.db.selectFrom('device_tokens').select('id').where('token', '=', device).execute();
        assert.equal(devices.length, 0);
      });

      it('logout with no body at all is accepted', async () => {
        const session = await login(t, admin.email, ADMIN_PASSWORD);
        const response = await t.request({ method: 'POST', url: '/api/auth/logout', token: session.body.token });
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true });
      });

      it("cannot revoke another user's refresh token", async () => {
        const staff = await createStaff(t);
        const staffSession = await login(t, staff.email, staff.password, { mobile: true });
        await post(t, '/api/auth/logout', { refresh_token: staffSession.body.refresh_token }, admin.token);
        assert.equal(
          (await post(t, '/api/auth/refresh', { refresh_token: staffSession.body.refresh_token })).status,
          200,
        );
      });
    });

    describe('POST /auth/register', () => {
      it('creates a staff user (default role) with require_password_change true and emails a working temporary password', async () => {
        const email = uniqueEmail('new');
        const response = await post(t, '/api/auth/register', { email, name: 'Nina New' }, admin.token);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { id: response.body.id, email, role: 'staff', name: 'Nina New' });

        await t.drain();
        const [welcome] = t.mail.to(email);
        assert.ok(welcome, 'welcome email received by the SMTP server');
        assert.match(welcome.subject, /Studio Test/);
        const temporary = /Temporary password: (\S+)/.exec(welcome.text)?.[1];
        assert.ok(temporary && temporary.length >= 8);
        assert.ok(welcome.html.includes(temporary), 'the MJML-rendered HTML part carries it too');

        const session = await login(t, email, temporary);
        assert.equal(session.status, 200);
        assert.equal(session.body.user.require_password_change, true);
      });

      it('creates an admin when role admin is given', async () => {
        const response = await post(
          t,
          '/api/auth/register',
          { email: uniqueEmail(), name: 'Second Admin', role: 'admin' },
          admin.token,
        );
        assert.equal(response.status, 200);
        assert.equal(response.body.role, 'admin');
      });

      it('a duplicate email gives 409, also in another letter case', async () => {
        const email = uniqueEmail('dup');
        assert.equal((await post(t, '/api/auth/register', { email, name: 'One' }, admin.token)).status, 200);
        const duplicate = await post(t, '/api/auth/register', { email: email.toUpperCase(), name: 'Two' }, admin.token);
        assert.equal(duplicate.status, 409);
        assert.equal(duplicate.body.code, 'email_taken');
      });

      it('concurrent registrations of one email create one user', async () => {
        const email = uniqueEmail('race');
        const results = await Promise.all(
          Array.from({ length: 4 }, () => post(t, '/api/auth/register', { email, name: 'Racer' }, admin.token)),
        );
        assert.deepEqual(results.map((r) => r.status).sort(), [200, 409, 409, 409]);
      });

      it('rejects an unknown role and ignores fields the client may not set', async () => {
        assert.equal(
          (await post(t, '/api/auth/register', { email: uniqueEmail(), name: 'X', role: 'owner' }, admin.token)).status,
          400,
        );
        const email = uniqueEmail('mass');
        const response = await post(
          t,
          '/api/auth/register',
          {
            email,
            name: 'Mass',
            id: 999_999,
            require_password_change: false,
            password_hash: 'x',
            created_at: '2000-01-01',
          },
          admin.token,
        );
        assert.equal(response.status, 200);
        assert.notEqual(response.body.id, 999_999);
        const row = await t.ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
        assert.equal(row.require_password_change, 1);
        assert.notEqual(row.password_hash, 'x');
        assert.ok(row.password_hash.startsWith('$argon2id$'), 'passwords are hashed with argon2id');
      });
    });

    describe('GET /auth/users', () => {
      it('admin only; an array of { id, name, email, role }, newest first; page/limit paginate', async () => {
        const staff = await createStaff(t);
        assert.equal((await t.request({ method: 'GET', url: '/api/auth/users', token: staff.token })).status, 403);

        const list = await t.request({ method: 'GET', url: '/api/auth/users', token: admin.token });
        assert.equal(list.status, 200);
        assert.ok(Array.isArray(list.body));
        for (const user of list.body) assert.deepEqual(Object.keys(user).sort(), ['email', 'id', 'name', 'role']);
        const ids = list.body.map((u: { id: number }) => u.id);
        assert.deepEqual(
          ids,
          [...ids].sort((a, b) => b - a),
        );

        const page = await t.request({ method: 'GET', url: '/api/auth/users?page=1&limit=1', token: admin.token });
        assert.equal(page.body.data.length, 1);
        assert.equal(page.body.page, 1);
        assert.equal(page.body.limit, 1);
        assert.equal(page.body.total, list.body.length);
        assert.equal(page.body.total_pages, list.body.length);
        assert.equal(page.body.data[0].id, ids[0]);
      });
    });

    describe('POST /auth/forgot-password and POST /auth/reset-password', () => {
      it('forgot-password always answers 200 with the same body and does the same work, so emails cannot be enumerated', async () => {
        const staff = await createStaff(t);
        const jobsBefore = await t.ctx.db
          .selectFrom('jobs')
          .select('id')
          .where('name', '=', 'auth.forgot_password')
          .execute();
        const known = await post(t, '/api/auth/forgot-password', { email: staff.email });
        const unknown = await post(t, '/api/auth/forgot-password', { email: uniqueEmail('ghost') });
        assert.equal(known.status, 200);
        assert.equal(unknown.status, 200);
        assert.deepEqual(known.body, unknown.body);
        const jobsAfter = await t.ctx.db
          .selectFrom('jobs')
          .select('id')
          .where('name', '=', 'auth.forgot_password')
          .execute();
        assert.equal(jobsAfter.length - jobsBefore.length, 2, 'one job each, whether or not the account exists');
        await t.drain();
        assert.equal(t.mail.to(staff.email).filter((m) => /Reset/.test(m.subject)).length, 1);
      });

      it('the reset email links to {PUBLIC_BASE_URL}/reset-password?token=<token>&email=<email>; the token is stored hashed', async () => {
        const staff = await createStaff(t);
        await post(t, '/api/auth/forgot-password', { email: staff.email });
        await t.drain();
        const link = latestResetLink(t, staff.email);
        assert.equal(`${link.origin}${link.pathname}`, `${PUBLIC_BASE_URL}/reset-password`);
        assert.equal(link.searchParams.get('email'), staff.email);
        const token = link.searchParams.get('token')!;
        assert.ok(token.length >= 43);
        const stored = await t.ctx.db
          .selectFrom('password_reset_tokens')
          .selectAll()
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirstOrThrow();
        assert.equal(
          Date.parse(stored.expires_at) - Date.parse(stored.created_at),
          60 * 60 * 1000,
          'reset links expire after 1 hour',
        );
      });

      it('a 60-second throttle: a second request within 60 seconds sends no second email', async () => {
        const staff = await createStaff(t);
        await post(t, '/api/auth/forgot-password', { email: staff.email });
        await t.drain();
        await post(t, '/api/auth/forgot-password', { email: staff.email });
        await t.drain();
        const resets = () => t.mail.to(staff.email).filter((m) => /Reset/.test(m.subject)).length;
        assert.equal(resets(), 1);
        // 61 seconds later another request is honoured.
        await t.ctx.db
          .updateTable('password_reset_tokens')
          .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
          .where('user_id', '=', staff.id)
          .execute();
        await post(t, '/api/auth/forgot-password', { email: staff.email });
        await t.drain();
        assert.equal(resets(), 2);
      });

      it('a successful reset sets the password, deletes all pending reset tokens, revokes refresh tokens and sends a password-changed email', async () => {
        const staff = await createStaff(t);
        const session = await login(t, staff.email, staff.password, { mobile: true });
        await post(t, '/api/auth/forgot-password', { email: staff.email });
        await t.drain();
        const older = latestResetLink(t, staff.email).searchParams.get('token')!;
        await t.ctx.db
          .updateTable('password_reset_tokens')
          .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
          .where('user_id', '=', staff.id)
          .execute();
        await post(t, '/api/auth/forgot-password', { email: staff.email });
        await t.drain();
        const newer = latestResetLink(t, staff.email).searchParams.get('token')!;

        const reset = await post(t, '/api/auth/reset-password', {
          email: staff.email,
          token: newer,
          password: 'brand-new-pass',
        });
        assert.equal(reset.status, 200);
        assert.equal((await login(t, staff.email, 'brand-new-pass')).status, 200);
        assert.equal((await login(t, staff.email, staff.password)).status, 401);

        const pending = await t.ctx.db
          .selectFrom('password_reset_tokens')
          .select('id')
          .where('user_id', '=', staff.id)
          .execute();
        assert.equal(pending.length, 0);
        const withOlder = await post(t, '/api/auth/reset-password', {
          email: staff.email,
          token: older,
          password: 'another-pass-1',
        });
        assert.equal(withOlder.status, 400, 'every pending token of that email is gone');
        assert.equal((await post(t, '/api/auth/refresh', { refresh_token: session.body.refresh_token })).status, 401);

        await t.drain();
        assert.ok(t.mail.to(staff.email).some((m) => /password .* was changed/i.test(m.subject)));
      });

      it('a reset clears require_password_change', async () => {
        const email = uniqueEmail('fresh');
        await post(t, '/api/auth/register', { email, name: 'Fresh' }, admin.token);
        await post(t, '/api/auth/forgot-password', { email });
        await t.drain();
        const token = resetLinkFrom(t.mail.to(email).find((m) => /Reset/.test(m.subject))!.text).searchParams.get(
          'token',
        )!;
        assert.equal(
          (await post(t, '/api/auth/reset-password', { email, token, password: 'chosen-pass-1' })).status,
          200,
        );
        assert.equal((await login(t, email, 'chosen-pass-1')).body.user.require_password_change, false);
      });

      it('reset-password: an invalid, expired, used or other-account token gives 400', async () => {
        const staff = await createStaff(t);
        const other = await createStaff(t);
        await post(t, '/api/auth/forgot-password', { email: staff.email });
        await t.drain();
        const token = latestResetLink(t, staff.email).searchParams.get('token')!;

        const invalid = await post(t, '/api/auth/reset-password', {
          email: staff.email,
          token: 'nope',
          password: 'whatever-123',
        });
        assert.equal(invalid.status, 400);
        assert.equal(invalid.body.code, 'invalid_token');
        const wrongAccount = await post(t, '/api/auth/reset-password', {
          email: other.email,
          token,
          password: 'whatever-123',
        });
        assert.equal(wrongAccount.status, 400);

        await t.ctx.db
          .updateTable('password_reset_tokens')
          .set({ expires_at: new Date(Date.now() - 1).toISOString() })
          .where('token_hash', '=', hashToken(token))
          .execute();
        assert.equal(
          (await post(t, '/api/auth/reset-password', { email: staff.email, token, password: 'whatever-123' })).status,
          400,
        );
        assert.equal((await login(t, staff.email, staff.password)).status, 200, 'password unchanged');
      });

      it('a reset token is single use', async () => {
        const staff = await createStaff(t);
        await post(t, '/api/auth/forgot-password', { email: staff.email });
        await t.drain();
        const token = latestResetLink(t, staff.email).searchParams.get('token')!;
        assert.equal(
          (await post(t, '/api/auth/reset-password', { email: staff.email, token, password: 'first-new-pass' })).status,
          200,
        );
        assert.equal(
          (await post(t, '/api/auth/reset-password', { email: staff.email, token, password: 'second-new-pass' }))
            .status,
          400,
        );
        assert.equal((await login(t, staff.email, 'first-new-pass')).status, 200);
      });

      it('reset-password enforces the minimum password length of 8', async () => {
        const response = await post(t, '/api/auth/reset-password', {
          email: admin.email,
          token: 'x',
          password: 'short',
        });
        assert.equal(response.status, 400);
        assert.equal(response.body.code, 'validation_failed');
        assert.equal(response.body.details[0].field, 'password');
      });

      it('forgot-password is rate limited per email: 429 after 5 requests an hour', async () => {
        const email = uniqueEmail('hammer');
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++) statuses.push((await post(t, '/api/auth/forgot-password', { email })).status);
        assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
      });
    });

    describe('POST /auth/change-password', () => {
      it('requires login', async () => {
        const response = await post(t, '/api/auth/change-password', {
          email: admin.email,
          currentPassword: ADMIN_PASSWORD,
          newPassword: 'x-new-password',
          confirmPassword: 'x-new-password',
        });
        assert.equal(response.status, 401);
      });

      it('400 when newPassword and confirmPassword differ', async () => {
        const staff = await createStaff(t);
        const response = await post(
          t,
          '/api/auth/change-password',
          {
            email: staff.email,
            currentPassword: staff.password,
            newPassword: 'new-password-1',
            confirmPassword: 'new-password-2',
          },
          staff.token,
        );
        assert.equal(response.status, 400);
        assert.equal(response.body.code, 'password_mismatch');
      });

      it('401 when the current password is wrong or the email is not the caller', async () => {
        const staff = await createStaff(t);
        const wrong = await post(
          t,
          '/api/auth/change-password',
          {
            email: staff.email,
            currentPassword: 'not-it-at-all',
            newPassword: 'new-password-1',
            confirmPassword: 'new-password-1',
          },
          staff.token,
        );
        assert.equal(wrong.status, 401);
        const otherAccount = await post(
          t,
          '/api/auth/change-password',
          {
            email: admin.email,
            currentPassword: ADMIN_PASSWORD,
            newPassword: 'new-password-1',
            confirmPassword: 'new-password-1',
          },
          staff.token,
        );
        assert.equal(otherAccount.status, 401);
        assert.equal((await login(t, admin.email, ADMIN_PASSWORD)).status, 200, "the admin's password is untouched");
      });

      it('newPassword and confirmPassword must have at least 8 characters', async () => {
        const staff = await createStaff(t);
        const response = await post(
          t,
          '/api/auth/change-password',
          { email: staff.email, currentPassword: staff.password, newPassword: 'short', confirmPassword: 'short' },
          staff.token,
        );
        assert.equal(response.status, 400);
      });

      it('on success: new password works, refresh tokens are revoked, a confirmation email is sent', async () => {
        const staff = await createStaff(t);
        const session = await login(t, staff.email, staff.password, { mobile: true });
        const response = await post(
          t,
          '/api/auth/change-password',
          {
            email: staff.email,
            currentPassword: staff.password,
            newPassword: 'changed-pass-1',
            confirmPassword: 'changed-pass-1',
          },
          staff.token,
        );
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true });
        assert.equal((await login(t, staff.email, 'changed-pass-1')).status, 200);
        assert.equal((await post(t, '/api/auth/refresh', { refresh_token: session.body.refresh_token })).status, 401);
        await t.drain();
        assert.ok(t.mail.to(staff.email).some((m) => /was changed/.test(m.subject)));
      });

      it('change-password clears require_password_change', async () => {
        const email = uniqueEmail('temp');
        await post(t, '/api/auth/register', { email, name: 'Temp' }, admin.token);
        await t.drain();
        const temporary = /Temporary password: (\S+)/.exec(t.mail.to(email)[0]!.text)![1]!;
        const session = await login(t, email, temporary);
        assert.equal(session.body.user.require_password_change, true);
        await post(
          t,
          '/api/auth/change-password',
          { email, currentPassword: temporary, newPassword: 'my-own-pass', confirmPassword: 'my-own-pass' },
          session.body.token,
        );
        assert.equal((await login(t, email, 'my-own-pass')).body.user.require_password_change, false);
      });
    });

    describe('POST /auth/device and DELETE /auth/device', () => {
      it('GET /auth/web-push-key: null while web push is not configured; staff may ask, the anonymous may not', async () => {
        const staff = await createStaff(t);
        const response = await t.request({ method: 'GET', url: '/api/auth/web-push-key', token: staff.token });
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { public_key: null });
        assert.equal((await t.request({ method: 'GET', url: '/api/auth/web-push-key' })).status, 401);
      });

      it('registers a push token with platform ios, android or web', async () => {
        for (const platform of ['ios', 'android', 'web']) {
          const token = `push-${platform}-${uniqueEmail()}`;
          const response = await post(t, '/api/auth/device', { token, platform }, admin.token);
          assert.equal(response.status, 200);
          assert.deepEqual(response.body, { token, platform });
        }
        assert.equal((await post(t, '/api/auth/device', { token: 'x', platform: 'symbian' }, admin.token)).status, 400);
      });

      it('a device token is at most 512 characters', async () => {
        assert.equal(
          (await post(t, '/api/auth/device', { token: 'a'.repeat(512), platform: 'web' }, admin.token)).status,
          200,
        );
        const tooLong = await post(t, '/api/auth/device', { token: 'a'.repeat(513), platform: 'web' }, admin.token);
        assert.equal(tooLong.status, 400);
        assert.equal(tooLong.body.details[0].field, 'token');
      });

      it('a token that belongs to another user is reassigned to the caller', async () => {
        const staff = await createStaff(t);
        const token = `shared-${uniqueEmail()}`;
        await post(t, '/api/auth/device', { token, platform: 'android' }, admin.token);
        await post(t, '/api/auth/device', { token, platform: 'ios' }, staff.token);
        const rows = await t.ctx.db.selectFrom('device_tokens').selectAll().where('token', '=', token).execute();
        assert.equal(rows.length, 1);
        assert.equal(rows[0]!.user_id, staff.id);
        assert.equal(rows[0]!.platform, 'ios');
      });

      it("DELETE removes the caller's token and leaves another user's alone", async () => {
        const staff = await createStaff(t);
        const mine = `mine-${uniqueEmail()}`;
        const theirs = `theirs-${uniqueEmail()}`;
        await post(t, '/api/auth/device', { token: mine, platform: 'web' }, admin.token);
        await post(t, '/api/auth/device', { token: theirs, platform: 'web' }, staff.token);
        assert.equal(
          (await t.request({ method: 'DELETE', url: '/api/auth/device', token: admin.token, payload: { token: mine } }))
            .status,
          200,
        );
        assert.equal(
          (
            await t.request({
              method: 'DELETE',
              url: '/api/auth/device',
              token: admin.token,
              payload: { token: theirs },
            })
          ).status,
          200,
        );
        const left = await t.ctx.db
          .selectFrom('device_tokens')
          .select('token')
          .where('token', 'in', [mine, theirs])
          .execute();
        assert.deepEqual(left, [{ token: theirs }]);
        assert.equal(
          (await t.request({ method: 'DELETE', url: '/api/auth/device', payload: { token: theirs } })).status,
          401,
        );
      });
    });

    describe('malformed input', () => {
      it('every auth endpoint answers malformed input with 400 and the error body, never 500', async () => {
        const endpoints: Array<[string, string, boolean]> = [
          ['POST', '/api/auth/login', false],
          ['POST', '/api/auth/logout', true],
          ['POST', '/api/auth/refresh', false],
          ['POST', '/api/auth/register', true],
          ['POST', '/api/auth/forgot-password', false],
          ['POST', '/api/auth/reset-password', false],
          ['POST', '/api/auth/change-password', true],
          ['POST', '/api/auth/device', true],
          ['DELETE', '/api/auth/device', true],
          ['POST', '/api/auth/setup', false],
        ];
        const bodies: unknown[] = [
          [],
          'text',
          42,
          null,
          { email: 123, password: 12345678, refresh_token: 5, token: {}, platform: 1 },
          { email: 'x'.repeat(5000) },
          { refresh_token: ['a'], device_token: 7, token: 'a'.repeat(600) },
        ];
        for (const [method, url, authed] of endpoints) {
          for (const body of bodies) {
            // Logout's fields are all optional and unknown fields are ignored: `{ email }` is valid there.
            if (
              url === '/api/auth/logout' &&
              body !== null &&
              typeof body === 'object' &&
              'email' in body &&
              !('token' in body)
            )
              continue;
            const response = await t.request({
              method: method,
              url,
              headers: { 'content-type': 'application/json' },
              payload: JSON.stringify(body),
              ...(authed ? { token: admin.token } : {}),
            });
            assert.equal(
              response.status,
              400,
              `${method} ${url} ${JSON.stringify(body).slice(0, 60)} → ${response.status}`,
            );
            assert.equal(typeof response.body.error, 'string');
            assert.equal(typeof response.body.code, 'string');
          }
          const broken = await t.request({
            method: method,
            url,
            headers: { 'content-type': 'application/json' },
            payload: '{"email": ',
            ...(authed ? { token: admin.token } : {}),
          });
          assert.equal(broken.status, 400, `${method} ${url} broken JSON`);
          assert.equal(broken.body.code, 'invalid_json');
        }
      });
    });
  });
}
