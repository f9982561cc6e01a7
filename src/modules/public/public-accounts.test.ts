import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createClient, jobsNamed, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { offeredStarts, publicBooking, salonDate, setupBookingSalon } from '../../../test/helpers/public.js';

for (const dialect of DIALECTS) {
  describe(`public booking page: client accounts, confirm/decline, reviews [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number; email: string };
    let staff: { id: number; token: string };
    let service: { id: number; name: string };
    let day = 3;
    const nextDate = () => salonDate((day += 1));

    before(async () => {
      t = await createTestApp(dialect);
      ({ admin, staff, service } = await setupBookingSalon(t));
      await setSettings(t, admin.token, { calendar_slot_min: 60 });
    });
    after(() => t.close());

    /** Asks for a magic link and returns the token from the email. */
    async function magicToken(email: string): Promise<string> {
      const response = await t.request({ method: 'POST', url: '/api/public/client-magic-link', payload: { email } });
      assert.equal(response.status, 200);
      await t.drain();
      const text = t.mail.to(email).at(-1)?.text ?? '';
      const token = /http:\/\/salon\.test\/client\/magic\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1];
      assert.ok(token, `a magic link in: ${text}`);
      return decodeURIComponent(token);
    }

    const verify = (token: string) =>
      t.request({ method: 'GET', url: `/api/public/client-verify-magic?token=${encodeURIComponent(token)}` });

    it('client-magic-link: always 200 with the same body; the email goes only to a client', async () => {
      const client = await createClient(t, admin.token);
      const known = await t.request({
        method: 'POST',
        url: '/api/public/client-magic-link',
        payload: { email: client.email },
      });
      const unknownEmail = uniqueEmail('nobody');
      const unknown = await t.request({
        method: 'POST',
        url: '/api/public/client-magic-link',
        payload: { email: unknownEmail },
      });
      assert.equal(known.status, 200);
      assert.deepEqual(unknown.body, known.body);
      await t.drain();
      assert.equal(t.mail.to(client.email!).length, 1);
      assert.equal(t.mail.to(unknownEmail).length, 0);
    });

    it('a magic link asked with return_to brings the client back to that page; a return_to off the booking site is 400', async () => {
      const client = await createClient(t, admin.token);
      const asked = await t.request({
        method: 'POST',
        url: '/api/public/client-magic-link',
        payload: { email: client.email, return_to: '/book?lang=nl' },
      });
      assert.equal(asked.status, 200, JSON.stringify(asked.body));
      await t.drain();
      const text = t.mail.to(client.email!).at(-1)?.text ?? '';
      assert.match(text, /\/client\/magic\?token=[A-Za-z0-9_%-]+&return=%2Fbook%3Flang%3Dnl/);
      for (const elsewhere of ['https://evil.example/', '//evil.example/book', '/api/public/me', 'book']) {
        const refused = await t.request({
          method: 'POST',
          url: '/api/public/client-magic-link',
          payload: { email: client.email, return_to: elsewhere },
        });
        assert.equal(refused.status, 400, elsewhere);
      }
    });

    it('a magic-link token works once (deleted after use) and gives a client token', async () => {
      const client = await createClient(t, admin.token);
      const token = await magicToken(client.email!);
      const first = await verify(token);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(typeof first.body.clientToken, 'string');
      assert.deepEqual(first.body.client, { id: client.id, name: client.name, email: client.email });
      assertError(await verify(token), 400, 'invalid_token');
      assertError(await verify('not-a-token'), 400, 'invalid_token');
    });

    it('a magic-link token expires after 15 minutes', async () => {
      const client = await createClient(t, admin.token);
      const token = await magicToken(client.email!);
      await t.ctx.db
        .updateTable('client_magic_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      assertError(await verify(token), 400, 'invalid_token');
    });

    it('a client token cannot call a staff endpoint (401), and a staff token is no client token', async () => {
      const client = await createClient(t, admin.token);
      const { clientToken } = (await verify(await magicToken(client.email!))).body;
      assertError(await t.request({ method: 'GET', url: '/api/bookings', token: clientToken }), 401, 'invalid_token');
      assertError(await t.request({ method: 'GET', url: '/api/clients', token: clientToken }), 401, 'invalid_token');
      assertError(await t.request({ method: 'GET', url: '/api/public/me', token: admin.token }), 401, 'invalid_token');
      assertError(await t.request({ method: 'GET', url: '/api/public/me' }), 401, 'unauthenticated');
    });

    it('client sets a password after a magic link; client-login then returns a clientToken; wrong password → 401', async () => {
      const client = await createClient(t, admin.token);
      const login = (password: string) =>
        t.request({ method: 'POST', url: '/api/public/client-login', payload: { email: client.email, password } });
      assertError(await login('whatever-1'), 401, 'invalid_credentials');
      const { clientToken } = (await verify(await magicToken(client.email!))).body;
      const short = await t.request({
        method: 'POST',
        url: '/api/public/me/password',
        token: clientToken,
        payload: { password: 'short' },
      });
      assert.equal(short.status, 400);
      const set = await t.request({
        method: 'POST',
        url: '/api/public/me/password',
        token: clientToken,
        payload: { password: 'client-secret-1' },
      });
      assert.equal(set.status, 200);
      const ok = await login('client-secret-1');
      assert.equal(ok.status, 200);
      assert.deepEqual(ok.body.client, { id: client.id, name: client.name, email: client.email });
      const me = await t.request({ method: 'GET', url: '/api/public/me', token: ok.body.clientToken });
      assert.equal(me.body.has_password, true);
      assertError(await login('client-secret-2'), 401, 'invalid_credentials');
      assertError(
        await t.request({
          method: 'POST',
          url: '/api/public/client-login',
          payload: { email: uniqueEmail('ghost'), password: 'client-secret-1' },
        }),
        401,
        'invalid_credentials',
      );
    });

    it('self-service: profile, upcoming (never cancelled) and past bookings of the client only, cancel outside the cancellation window', async () => {
      const client = await createClient(t, admin.token);
      const other = await createClient(t, admin.token);
      const { clientToken } = (await verify(await magicToken(client.email!))).body;
      const mine = await publicBooking(
        t,
        { service_id: service.id, start_at: `${nextDate()} 10:00` },
        { token: clientToken },
      );
      assert.equal(mine.status, 201, JSON.stringify(mine.body));
      const past = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: {
          client_id: client.id,
          staff_id: staff.id,
          service_id: service.id,
          start_at: `${salonDate(-3)} 10:00`,
          end_at: `${salonDate(-3)} 11:00`,
          // A visit entered after the fact: the desk overrides its in_the_past rule.
          override: true,
          internal_notes: 'secret',
        },
      });
      const theirs = await publicBooking(t, {
        service_id: service.id,
        start_at: `${nextDate()} 10:00`,
        client_email: other.email,
      });

      const profile = await t.request({ method: 'GET', url: '/api/public/me', token: clientToken });
      assert.deepEqual(profile.body, {
        id: client.id,
        name: client.name,
        email: client.email,
        phone: '',
        language: null,
        has_password: false,
        marketing_consent: false,
        sms_consent: false,
      });
      const renamed = await t.request({
        method: 'PUT',
        url: '/api/public/me',
        token: clientToken,
        payload: { phone: '+31 6 1234 5678' },
      });
      assert.equal(renamed.body.phone, '+31612345678', 'stored in E.164');
      const badPhone = await t.request({
        method: 'PUT',
        url: '/api/public/me',
        token: clientToken,
        payload: { phone: 'no phone' },
      });
      assert.equal(badPhone.status, 400);
      assert.equal(badPhone.body.code, 'invalid_phone');

      const list = async (scope?: string) =>
        (
          await t.request({
            method: 'GET',
            url: `/api/public/me/bookings${scope ? `?scope=${scope}` : ''}`,
            token: clientToken,
          })
        ).body.map((b: { id: number }) => b.id);
      assert.deepEqual(await list('upcoming'), [mine.body.id], 'upcoming: not started, not cancelled');
      assert.deepEqual(await list('past'), [past.body.id]);
      assert.deepEqual(await list(), [mine.body.id, past.body.id]);
      const all = (await t.request({ method: 'GET', url: '/api/public/me/bookings', token: clientToken })).body;
      assert.equal('internal_notes' in all[1], false);

      const cancel = (id: number) =>
        t.request({ method: 'POST', url: `/api/public/me/bookings/${id}/cancel`, token: clientToken });
      assertError(await cancel(theirs.body.id), 404, 'not_found');
      const cancelled = await cancel(mine.body.id);
      assert.equal(cancelled.status, 200);
      assert.equal(cancelled.body.status, 'cancelled');
      assert.equal((await jobsNamed(t, admin.token, 'booking.cancelled', mine.body.id)).length, 1);
      assertError(await cancel(mine.body.id), 409, 'already_cancelled');
      // A cancelled booking is no longer upcoming, whenever it was for: it is listed with the past.
      assert.deepEqual(await list('upcoming'), []);
      assert.deepEqual(await list('past'), [mine.body.id, past.body.id]);

      // Inside the cancellation window: too late to cancel online.
      const soon = await publicBooking(
        t,
        { service_id: service.id, start_at: `${nextDate()} 11:00` },
        { token: clientToken },
      );
      await setSettings(t, admin.token, { cancellation_window_hours: 24 * 60 });
      assertError(await cancel(soon.body.id), 409, 'too_late_to_cancel');
      await setSettings(t, admin.token, { cancellation_window_hours: 24 });
    });

    it('the client gives and withdraws their own marketing and text-message consents in the profile', async () => {
      const client = await createClient(t, admin.token);
      const clientToken = await t.ctx.signer.signClient(client.id);
      const put = (payload: object) => t.request({ method: 'PUT', url: '/api/public/me', token: clientToken, payload });
      const given = await put({ marketing_consent: true, sms_consent: true });
      assert.equal(given.status, 200, JSON.stringify(given.body));
      assert.equal(given.body.marketing_consent, true);
      assert.equal(given.body.sms_consent, true);
      const staffView = async () =>
        (await t.request({ method: 'GET', url: `/api/clients/${client.id}`, token: admin.token })).body as {
          marketing_consent: number;
          sms_consent: number;
        };
      assert.deepEqual([(await staffView()).marketing_consent, (await staffView()).sms_consent], [1, 1]);
      const withdrawn = await put({ marketing_consent: false });
      assert.equal(withdrawn.body.marketing_consent, false);
      assert.equal(withdrawn.body.sms_consent, true, 'a consent not sent stays as it was');
      assert.equal((await staffView()).marketing_consent, 0);
      const read = await t.request({ method: 'GET', url: '/api/public/me', token: clientToken });
      assert.deepEqual([read.body.marketing_consent, read.body.sms_consent], [false, true]);
    });

    it('a returning client (a completed visit) signed in gets slots without new_client_extra_min', async () => {
      await setSettings(t, admin.token, { new_client_extra_min: 30 });
      const client = await createClient(t, admin.token);
      const { clientToken } = (await verify(await magicToken(client.email!))).body;
      const date = nextDate();
      const query = { date, service_id: service.id, staff_id: staff.id };
      assert.ok((await offeredStarts(t, query, clientToken)).includes('16:00') === false);
      const visit = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: {
          client_id: client.id,
          staff_id: staff.id,
          service_id: service.id,
          start_at: `${salonDate(-2)} 10:00`,
          end_at: `${salonDate(-2)} 11:00`,
          // A visit entered after the fact: the desk overrides its in_the_past rule.
          override: true,
        },
      });
      await t.request({
        method: 'PUT',
        url: `/api/bookings/${visit.body.id}`,
        token: admin.token,
        payload: { status: 'completed' },
      });
      assert.ok((await offeredStarts(t, query, clientToken)).includes('16:00'));
      const booked = await publicBooking(
        t,
        { service_id: service.id, start_at: `${date} 16:00` },
        { token: clientToken },
      );
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      assert.equal(booked.body.end_at, `${date} 17:00:00`);
      await setSettings(t, admin.token, { new_client_extra_min: 0 });
    });

    it('confirm/decline a provisional booking by its token: scheduled or cancelled, then 409; unknown token 404', async () => {
      await setSettings(t, admin.token, { booking_mode: 'request' });
      const email = uniqueEmail('answer');
      const a = await publicBooking(t, {
        service_id: service.id,
        start_at: `${nextDate()} 10:00`,
        client_email: email,
      });
      const b = await publicBooking(t, {
        service_id: service.id,
        start_at: `${nextDate()} 10:00`,
        client_email: email,
      });
      await setSettings(t, admin.token, { booking_mode: 'direct' });
      await t.drain();
      const tokens = t.mail
        .to(email)
        .map((m) => /booking\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(m.text)?.[1])
        .filter((x): x is string => Boolean(x))
        .map(decodeURIComponent);
      assert.equal(tokens.length, 2);
      const answer = (what: string, token: string) =>
        t.request({ method: 'POST', url: `/api/public/bookings/${what}`, payload: { token } });

      const first = await answer('confirm', tokens[0]!);
      assert.equal(first.status, 200);
      assert.equal(first.body.status, 'scheduled');
      assert.equal((await jobsNamed(t, admin.token, 'booking.created', first.body.id)).length, 1);
      assertError(await answer('confirm', tokens[0]!), 409, 'not_provisional');
      assertError(await answer('decline', tokens[0]!), 409, 'not_provisional');

      const second = await answer('decline', tokens[1]!);
      assert.equal(second.status, 200);
      assert.equal(second.body.status, 'cancelled');
      assert.deepEqual([first.body.id, second.body.id].sort(), [a.body.id, b.body.id].sort());
      assertError(await answer('confirm', 'no-such-token'), 404, 'not_found');
    });

    it('reviews: by feedback_token, rating 1-5 else 400, one per booking (409), unknown token 404, review.new notification', async () => {
      const client = await createClient(t, admin.token);
      const date = salonDate(-1);
      const booking = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: {
          client_id: client.id,
          staff_id: staff.id,
          service_id: service.id,
          start_at: `${date} 14:00`,
          end_at: `${date} 15:00`,
          // A visit entered after the fact: the desk overrides its in_the_past rule.
          override: true,
        },
      });
      const done = await t.request({
        method: 'PUT',
        url: `/api/bookings/${booking.body.id}`,
        token: admin.token,
        payload: { status: 'completed' },
      });
      const token = done.body.feedback_token as string;
      const review = (payload: object) => t.request({ method: 'POST', url: '/api/public/reviews', payload });

      for (const rating of [0, 6, 4.5, '5']) {
        assert.equal((await review({ token, rating })).status, 400, `rating ${rating}`);
      }
      assertError(await review({ token: 'unknown-token', rating: 5 }), 404, 'not_found');
      const created = await review({ token, rating: 4, comment: 'Lovely cut' });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.rating, 4);
      assert.equal(created.body.comment, 'Lovely cut');
      assertError(await review({ token, rating: 5 }), 409, 'review_exists');

      for (const who of [admin.token, staff.token]) {
        const inbox = await t.request({ method: 'GET', url: '/api/notifications?type=review', token: who });
        assert.ok(
          inbox.body.some(
            (n: { type: string; link: string }) => n.type === 'review.new' && n.link === `/bookings/${booking.body.id}`,
          ),
        );
      }
      const stored = await t.ctx.db
        .selectFrom('reviews')
        .selectAll()
        .where('booking_id', '=', booking.body.id)
        .execute();
      assert.equal(stored.length, 1);
      assert.equal(stored[0]!.staff_id, staff.id);
    });
  });
}
