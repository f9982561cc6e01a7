import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, PUBLIC_BASE_URL, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { assertError } from '../../../test/helpers/assertions.js';
import { createClient, createService, nextSlot, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';

/*
 * `base_url` of POST /bookings chooses where the confirm/decline links of a provisional
 * booking's email lead. The email comes from the salon's own mail server, so the links may lead
 * only to the salon's own addresses: PUBLIC_BASE_URL's origin, or an origin an admin listed in
 * the settings' `email_link_origins`.
 */

for (const dialect of DIALECTS) {
  describe(`email link origins [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let staff: { token: string; id: number };
    let client: { id: number; email: string };
    let service: { id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      client = (await createClient(t, admin.token, { name: 'Clara Client' })) as typeof client;
      service = await createService(t, admin.token, { name: 'Colour' });
    });
    after(() => t.close());

    const book = (base_url: string, token = staff.token) =>
      t.request({
        method: 'POST',
        url: '/api/bookings',
        token,
        payload: {
          client_id: client.id,
          staff_id: staff.id,
          service_id: service.id,
          ...nextSlot(),
          provisional: true,
          base_url,
        },
      });
    const provisionalEmailOf = async (token: string) => {
      await t.drain();
      return t.mail.to(client.email).find((mail) => mail.text.includes(`/booking/confirm?token=${token}`));
    };
    const bookingsCount = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('bookings')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it("phishing link: a staff member's own address as base_url is 400 naming base_url; no booking, no email", async () => {
      const before = await bookingsCount();
      const emails = t.mail.messages.length;
      for (const base_url of [
        'https://evil.example',
        'https://evil.example/salon.test/',
        `http://salon.test.evil.example`,
      ]) {
        const response = await book(base_url);
        assertError(response, 400, 'base_url_not_allowed');
        assert.deepEqual(
          response.body.details.map((detail: { field: string }) => detail.field),
          ['base_url'],
        );
      }
      // Not even an admin may: the list of allowed origins is the admin's way.
      assertError(await book('https://evil.example', admin.token), 400, 'base_url_not_allowed');
      assert.equal(await bookingsCount(), before);
      await t.drain();
      assert.equal(t.mail.messages.length, emails);
    });

    it('phishing link: credentials, a query or a fragment in base_url are refused too', async () => {
      for (const base_url of [
        'http://salon.test@evil.example/',
        'http://user:pass@salon.test/',
        'http://salon.test/?next=https://evil.example',
        'http://salon.test/#x',
      ]) {
        assertError(await book(base_url), 400, 'base_url_not_allowed');
      }
    });

    it("base_url on PUBLIC_BASE_URL's origin is used, with its path", async () => {
      const response = await book(`${PUBLIC_BASE_URL}/studio/`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const mail = await provisionalEmailOf(response.body.provisional_token);
      assert.ok(mail);
      assert.ok(
        mail.text.includes(`${PUBLIC_BASE_URL}/studio/booking/confirm?token=${response.body.provisional_token}`),
      );
    });

    it('base_url on an origin an admin listed in email_link_origins is used', async () => {
      await setSettings(t, admin.token, { email_link_origins: ['https://Book.Example:443/'] });
      const settings = await t.request({ method: 'GET', url: '/api/settings', token: admin.token });
      assert.deepEqual(settings.body.email_link_origins, ['https://book.example'], 'stored as an origin');
      const response = await book('https://book.example/salon');
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const mail = await provisionalEmailOf(response.body.provisional_token);
      assert.ok(mail);
      assert.ok(
        mail.text.includes(`https://book.example/salon/booking/decline?token=${response.body.provisional_token}`),
      );
      // Another port is another origin.
      assertError(await book('https://book.example:8443/'), 400, 'base_url_not_allowed');
      await setSettings(t, admin.token, { email_link_origins: [] });
      assertError(await book('https://book.example/salon'), 400, 'base_url_not_allowed');
    });

    it('email_link_origins takes http(s) origins only, set by an admin', async () => {
      const put = (payload: object, token = admin.token) =>
        t.request({ method: 'PUT', url: '/api/settings', token, payload });
      for (const origins of [
        ['javascript:alert(1)'],
        ['https://book.example/path'],
        ['https://a@book.example'],
        ['ftp://book.example'],
        'https://book.example',
      ]) {
        const response = await put({ email_link_origins: origins });
        assertError(response, 400, 'validation_failed');
        assert.ok(
          response.body.details.every((detail: { field: string }) => detail.field.startsWith('email_link_origins')),
          JSON.stringify(response.body.details),
        );
      }
      assert.equal((await put({ email_link_origins: ['https://book.example'] }, staff.token)).status, 403);
    });
  });
}
