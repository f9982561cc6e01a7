import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { assertError } from '../../../test/helpers/assertions.js';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let counter = 0;
const uniqueName = (prefix: string) => `${prefix} ${process.pid}x${++counter}`;

for (const dialect of DIALECTS) {
  describe(`client GDPR export and erase [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const createClient = async (payload: object) => {
      const response = await t.request({ method: 'POST', url: '/api/clients', token: staff.token, payload });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as { id: number; name: string; email: string | null; [key: string]: unknown };
    };
    const exportOf = (id: number, token = admin.token) =>
      t.request({ method: 'GET', url: `/api/clients/${id}/export`, token });
    const erase = (id: number, token = admin.token) =>
      t.request({ method: 'POST', url: `/api/clients/${id}/erase`, token });
    const get = (id: number) => t.request({ method: 'GET', url: `/api/clients/${id}`, token: staff.token });

    const personal = () => ({
      name: uniqueName('Private Person'),
      email: uniqueEmail('private'),
      // E.164, as stored, so the checks below look for the value really held.
      phone: `+316${String(process.pid * 100 + ++counter)
        .padStart(8, '0')
        .slice(-8)}`,
      birthday: '1977-03-04',
      gender: 'non_binary',
      notes: `Secret note ${process.pid}-${counter}`,
      marketing_consent: 1,
      labels: [uniqueName('Private label')],
    });

    describe('auth: export and erase are for admins', () => {
      it('401 without a token, 403 for a staff member', async () => {
        const client = await createClient({ name: uniqueName('Guarded') });
        assertError(
          await t.request({ method: 'GET', url: `/api/clients/${client.id}/export` }),
          401,
          'unauthenticated',
        );
        assertError(
          await t.request({ method: 'POST', url: `/api/clients/${client.id}/erase` }),
          401,
          'unauthenticated',
        );
        assertError(await exportOf(client.id, staff.token), 403, 'forbidden');
        assertError(await erase(client.id, staff.token), 403, 'forbidden');
        assert.equal((await get(client.id)).body.erased_at, null);
      });
    });

    describe('GET /clients/:id/export', () => {
      it('a JSON download of everything held: the record and the labels with colours', async () => {
        const data = personal();
        const client = await createClient(data);
        const response = await exportOf(client.id);
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.equal(response.headers['content-disposition'], `attachment; filename="client-${client.id}.json"`);
        assert.match(String(response.headers['content-type']), /^application\/json/);
        const body = response.body;
        assert.match(body.exported_at, DATETIME);
        assert.deepEqual(body.client, { ...client, has_password: 0 });
        assert.deepEqual(body.labels, [{ name: data.labels[0], color: '#6e56cf' }]);
        assert.ok(!JSON.stringify(body).includes('password_hash'));
      });

      it('an unknown client is 404', async () => {
        assertError(await exportOf(987_654), 404, 'not_found');
      });
    });

    describe('POST /clients/:id/erase', () => {
      it('anonymises the client and keeps the row: 200 { ok: true }', async () => {
        const client = await createClient(personal());
        await t.ctx.db.updateTable('clients').set({ password_hash: 'hash' }).where('id', '=', client.id).execute();
        const response = await erase(client.id);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true });
        const after = (await get(client.id)).body;
        assert.equal(after.name, `Erased client #${client.id}`);
        assert.equal(after.email, null);
        assert.equal(after.phone, '');
        assert.equal(after.birthday, null);
        assert.equal(after.gender, '');
        assert.equal(after.notes, '');
        assert.equal(after.marketing_consent, 0);
        assert.deepEqual(after.labels, []);
        assert.match(after.erased_at, DATETIME);
        assert.equal(after.created_at, client.created_at);
      });

      it('after erase no personal field of theirs remains anywhere in the clients tables', async () => {
        const data = personal();
        const client = await createClient(data);
        await t.ctx.db
          .updateTable('clients')
          .set({ password_hash: 'secret-hash', phone_unconfirmed: data.phone })
          .where('id', '=', client.id)
          .execute();
        assert.equal((await erase(client.id)).status, 200);

        const row = await t.ctx.db
          .selectFrom('clients')
          .selectAll()
          .where('id', '=', client.id)
          .executeTakeFirstOrThrow();
        assert.deepEqual(
          { ...row, erased_at: typeof row.erased_at, updated_at: undefined, created_at: undefined },
          {
            id: client.id,
            name: `Erased client #${client.id}`,
            email: null,
            phone: '',
            phone_unconfirmed: null,
            birthday: null,
            gender: '',
            notes: '',
            marketing_consent: 0,
            sms_consent: 0,
            language: null,
            password_hash: null,
            erased_at: 'string',
            merged_into_id: null,
            created_at: undefined,
            updated_at: undefined,
          },
        );
        const assignments = await t.ctx.db
          .selectFrom('client_label_assignments')
          .selectAll()
          .where('client_id', '=', client.id)
          .execute();
        assert.deepEqual(assignments, []);

        // Nothing of theirs in any row of the client tables.
        const everything = JSON.stringify([
          await t.ctx.db.selectFrom('clients').selectAll().execute(),
          await t.ctx.db.selectFrom('client_label_assignments').selectAll().execute(),
        ]);
        for (const value of [data.name, data.email, data.phone, data.notes, 'secret-hash']) {
          assert.ok(!everything.includes(value), `${value} is gone`);
        }
        // Neither in the export.
        const exported = JSON.stringify((await exportOf(client.id)).body);
        for (const value of [data.name, data.email, data.phone, data.notes, data.birthday, data.labels[0]!]) {
          assert.ok(!exported.includes(value), `${value} is not exported`);
        }
      });

      it('erasing twice is 409 already_erased', async () => {
        const client = await createClient({ name: uniqueName('Twice') });
        assert.equal((await erase(client.id)).status, 200);
        assertError(await erase(client.id), 409, 'already_erased');
      });

      it('an erased client cannot be updated (409)', async () => {
        const client = await createClient({ name: uniqueName('Frozen') });
        assert.equal((await erase(client.id)).status, 200);
        const response = await t.request({
          method: 'PUT',
          url: `/api/clients/${client.id}`,
          token: staff.token,
          payload: { name: 'Restored' },
        });
        assertError(response, 409, 'client_erased');
      });

      it("an erased client's email is free for a new client", async () => {
        const email = uniqueEmail('reuse');
        const client = await createClient({ name: uniqueName('Old'), email });
        assert.equal((await erase(client.id)).status, 200);
        const again = await createClient({ name: uniqueName('New'), email });
        assert.equal(again.email, email);
      });

      it('an unknown client is 404', async () => {
        assertError(await erase(987_654), 404, 'not_found');
      });
    });

    describe('orders and other money records (the export has bookings and orders; erase keeps the books)', () => {
      it('the export lists the client’s POS orders with their lines; after erase the orders stay, the totals still add up, and no note about them remains', async () => {
        const client = await createClient(personal());
        const service = await t.request({
          method: 'POST',
          url: '/api/services',
          token: admin.token,
          payload: { name: uniqueName('Colour'), duration_min: 30, price: 30 },
        });
        assert.equal(service.status, 201, JSON.stringify(service.body));
        const sold = await t.request({
          method: 'POST',
          url: '/api/pos',
          token: staff.token,
          payload: {
            client_id: client.id,
            staff_id: staff.id,
            payment_method: 'cash',
            notes: 'Allergic to ammonia',
            items: [{ type: 'service', id: service.body.id, quantity: 1, price: 30 }],
          },
        });
        assert.equal(sold.status, 201, JSON.stringify(sold.body));

        const exported = (await exportOf(client.id)).body;
        assert.equal(exported.orders.length, 1);
        assert.equal(exported.orders[0].total, 30);
        assert.equal(exported.orders[0].items[0].name, service.body.name);
        assert.ok(Array.isArray(exported.bookings));
        assert.ok(Array.isArray(exported.loyalty_points));

        const before = await t.ctx.db
          .selectFrom('pos_orders')
          .select((eb) => eb.fn.sum<number>('total').as('sum'))
          .executeTakeFirstOrThrow();
        assert.equal((await erase(client.id)).status, 200);
        const order = await t.ctx.db
          .selectFrom('pos_orders')
          .select(['client_id', 'notes', 'total'])
          .where('id', '=', sold.body.id)
          .executeTakeFirstOrThrow();
        assert.deepEqual(order, { client_id: client.id, notes: '', total: 3000 });
        const afterErase = await t.ctx.db
          .selectFrom('pos_orders')
          .select((eb) => eb.fn.sum<number>('total').as('sum'))
          .executeTakeFirstOrThrow();
        assert.equal(Number(afterErase.sum), Number(before.sum));
      });
    });
  });
}
