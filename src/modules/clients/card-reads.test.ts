import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertBooking, insertPosOrder, insertService, uniqueEmail } from '../../../test/helpers/factories.js';
import { queueEmail } from '../../mail/outbox.js';
import { queueSms } from '../../sms/outbox.js';

/*
 * The reads the client's card adds: the messages sent to a client, and a merge's preview
 * (which must say exactly what the merge then writes).
 */

for (const dialect of DIALECTS) {
  describe(`client card reads [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const messages = (id: number, qs = '', token = staff.token) =>
      t.request({ method: 'GET', url: `/api/clients/${id}/messages${qs}`, token });

    it('GET /clients/:id/messages: the emails and texts to the client’s address and number, newest first, secrets left out', async () => {
      const email = uniqueEmail('msg');
      const client = await createClient(t, admin.token, { name: 'Mia Mail', email, phone: '+31611122233' });
      const other = await createClient(t, admin.token, { name: 'Olaf Other', phone: '+31611122244' });
      const mailed = await queueEmail(t.ctx.db, {
        to: email,
        template: 'auth.password_changed',
        data: { name: 'Mia' },
      });
      await queueEmail(t.ctx.db, { to: other.email!, template: 'auth.password_changed', data: { name: 'Olaf' } });
      // Later instants than the email's, so the order is by time across both outboxes.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const texted = await queueSms(t.ctx.db, {
        to: '+31611122233',
        body: 'See you tomorrow at 10:00',
        template: 'booking.reminder',
        clientId: client.id,
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const secret = await queueSms(t.ctx.db, {
        to: '+31611122233',
        body: 'Your sign-in link: https://x/secret',
        template: 'client.magic_link',
        clientId: client.id,
        sensitive: true,
      });
      await queueSms(t.ctx.db, { to: '+31611122244', body: 'Not hers', template: 'booking.reminder' });

      const response = await messages(client.id);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const rows = response.body as Array<Record<string, unknown>>;
      assert.deepEqual(
        rows.map((row) => [row.channel, row.id, row.template, row.text, row.status]),
        [
          ['sms', secret, 'client.magic_link', null, 'queued'],
          ['sms', texted, 'booking.reminder', 'See you tomorrow at 10:00', 'queued'],
          ['email', mailed, 'auth.password_changed', rows[2]!.text, 'queued'],
        ],
      );
      assert.equal(typeof rows[2]!.text, 'string');
      assert.match(rows[0]!.created_at as string, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      assert.equal(rows[0]!.sent_at, null);
      assert.deepEqual(
        ((await messages(client.id, '?limit=1')).body as Array<{ id: number }>).map((row) => row.id),
        [secret],
      );

      // Erased, the client has no address left: nothing is listed.
      assert.equal(
        (await t.request({ method: 'POST', url: `/api/clients/${client.id}/erase`, token: admin.token })).status,
        200,
      );
      assert.deepEqual((await messages(client.id)).body, []);
      assertError(await messages(999_999), 404, 'not_found');
      assertInvalid(await messages(client.id, '?limit=0'), 'limit');
    });

    it('GET /clients/:id/merge-preview shows what each keeps, and the merge then writes exactly that', async () => {
      const kept = await createClient(t, admin.token, {
        name: 'Dana de Vries',
        email: uniqueEmail('dana'),
        phone: '',
        notes: 'Kept note',
        labels: ['VIP'],
      });
      const dup = await createClient(t, admin.token, {
        name: 'Dana Vries',
        email: uniqueEmail('dana2'),
        phone: '06 2222 3333',
        birthday: '1988-02-03',
        notes: 'Duplicate note',
        labels: ['Colour', 'VIP'],
      });
      const service = await insertService(t.ctx.db, { name: 'Trim' });
      await insertBooking(t.ctx.db, {
        client_id: dup.id,
        staff_id: staff.id,
        service_id: service.id,
        start_at: '2030-01-10 10:00:00',
        end_at: '2030-01-10 11:00:00',
        status: 'completed',
        price: 3000,
      });
      await insertPosOrder(t.ctx.db, { client_id: dup.id, staff_id: staff.id, total: 3000 });
      await t.request({
        method: 'POST',
        url: `/api/loyalty/clients/${dup.id}/adjust`,
        token: admin.token,
        payload: { points: 40, note: 'Welcome' },
      });

      const preview = await t.request({
        method: 'GET',
        url: `/api/clients/${kept.id}/merge-preview?duplicate_id=${dup.id}`,
        token: admin.token,
      });
      assert.equal(preview.status, 200, JSON.stringify(preview.body));
      assert.deepEqual(preview.body.taken, ['phone', 'birthday', 'notes']);
      assert.equal(preview.body.client.email, kept.email, 'its own email stays');
      assert.equal(preview.body.client.phone, '+31622223333');
      assert.equal(preview.body.client.notes, 'Kept note\n\nDuplicate note');
      assert.deepEqual(preview.body.client.labels, ['Colour', 'VIP']);
      assert.equal(preview.body.duplicate.name, 'Dana Vries');
      assert.deepEqual(preview.body.moves, {
        bookings: 1,
        orders: 1,
        gift_cards: 0,
        packages: 0,
        waitlist_entries: 0,
        reviews: 0,
        loyalty_points: 40,
      });
      // Nothing was written by the preview.
      assert.equal(
        (await t.request({ method: 'GET', url: `/api/clients/${kept.id}`, token: staff.token })).body.phone,
        '',
      );

      const merged = await t.request({
        method: 'POST',
        url: `/api/clients/${kept.id}/merge`,
        token: admin.token,
        payload: { duplicate_id: dup.id },
      });
      assert.equal(merged.status, 200, JSON.stringify(merged.body));
      const { updated_at: _after, ...afterMerge } = merged.body;
      const { updated_at: _before, ...previewed } = preview.body.client;
      assert.deepEqual(afterMerge, previewed);

      const again = (duplicateId: number, token = admin.token) =>
        t.request({ method: 'GET', url: `/api/clients/${kept.id}/merge-preview?duplicate_id=${duplicateId}`, token });
      assertError(await again(dup.id), 409, 'client_merged');
      assertError(await again(kept.id), 409, 'merge_same_client');
      assertError(await again(999_999), 404, 'not_found');
      assertError(await again(dup.id, staff.token), 403, 'forbidden');
      assertInvalid(
        await t.request({ method: 'GET', url: `/api/clients/${kept.id}/merge-preview`, token: admin.token }),
        'duplicate_id',
      );
    });
  });
}
