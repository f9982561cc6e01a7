import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';

/*
 * The booking emails as the client receives them (read back from the test SMTP sink): they
 * wear the salon's brand colour, the confirmation shows the price when the salon shows
 * prices, and a booking the desk enters after it took place sends no
 * "your appointment is booked" email.
 */
for (const dialect of DIALECTS) {
  describe(`booking emails that look like the salon's [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let staff: { id: number };
    let service: { id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      await setSettings(t, admin.token, { brand_color: '#0a7d5a', timezone: 'Europe/Amsterdam' });
      staff = await createStaff(t);
      service = await createService(t, admin.token, { name: 'Balayage', price: 85 });
    });
    after(() => t.close());

    const book = async (clientId: number, startAt: string, endAt: string, override = false) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: {
          client_id: clientId,
          staff_id: staff.id,
          service_id: service.id,
          start_at: startAt,
          end_at: endAt,
          ...(override ? { override: true } : {}),
        },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      await t.drain();
      return response.body;
    };

    it('a past booking entered with override sends no confirmation; a future one does', async () => {
      const past = await createClient(t, admin.token, { name: 'Pia Past' });
      await book(past.id, '2021-03-01 10:00:00', '2021-03-01 11:00:00', true);
      assert.deepEqual(
        t.mail.to(past.email!).map((mail) => mail.subject),
        [],
        'nothing about an appointment already over',
      );

      const future = await createClient(t, admin.token, { name: 'Fay Future' });
      await book(future.id, '2031-03-03 10:00:00', '2031-03-03 11:00:00');
      assert.equal(t.mail.to(future.email!).length, 1, 'the confirmation');
    });

    it('the confirmation shows the price when the salon shows prices, and not when it does not', async () => {
      await setSettings(t, admin.token, { booking_show_prices: 1 });
      const shown = await createClient(t, admin.token, { name: 'Sam Shown' });
      await book(shown.id, '2031-03-05 10:00:00', '2031-03-05 11:00:00');
      const [withPrice] = t.mail.to(shown.email!);
      assert.match(withPrice!.text, /Price: €\s?85\.00/);
      assert.match(withPrice!.html, /Price: €\s?85\.00/);

      await setSettings(t, admin.token, { booking_show_prices: 0 });
      const hidden = await createClient(t, admin.token, { name: 'Hal Hidden' });
      await book(hidden.id, '2031-03-06 10:00:00', '2031-03-06 11:00:00');
      const [withoutPrice] = t.mail.to(hidden.email!);
      assert.ok(withoutPrice, 'the confirmation');
      assert.doesNotMatch(withoutPrice.text, /Price:/);
      assert.doesNotMatch(withoutPrice.html, /Price:/);
    });

    it('the buttons wear the salon’s brand colour, with text readable on it', async () => {
      const client = await createClient(t, admin.token, { name: 'Bo Brand' });
      await book(client.id, '2031-03-04 10:00:00', '2031-03-04 11:00:00');
      const [mail] = t.mail.to(client.email!);
      assert.ok(mail, 'the confirmation');
      assert.match(mail.html, /background:#0a7d5a/i, 'the brand colour behind the buttons');
      assert.doesNotMatch(mail.html, /#6e56cf/i, 'not the old fixed purple');
      assert.match(mail.html, /color:#ffffff/i, 'white text on a dark brand colour');
    });
  });
}
