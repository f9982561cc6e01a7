import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { addDays, todayIn } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';

/*
 * A package's validity: `valid_days` gives the credits a client buys an expiry date fixed at the
 * sale (the day of purchase plus that many days, salon time zone); on that day they are still
 * usable, after it the till refuses them (409 `package_credit_expired`) and the credits list says
 * they expired. Without valid_days credits never expire, as before.
 */

for (const dialect of DIALECTS) {
  describe(`package validity [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let today: string;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      today = todayIn(await readTimezone(t.ctx.db));
    });
    after(() => t.close());

    const sell = (payload: object) => t.request({ method: 'POST', url: '/api/pos', token: staff.token, payload });
    const credits = async (clientId: number) =>
      (await t.request({ method: 'GET', url: `/api/packages/credits?client_id=${clientId}`, token: staff.token })).body;

    async function createPackage(serviceId: number, validDays?: number | null) {
      const response = await t.request({
        method: 'POST',
        url: '/api/packages',
        token: admin.token,
        payload: {
          name: 'Three cuts',
          price: 100,
          services: [{ service_id: serviceId, quantity: 3 }],
          ...(validDays === undefined ? {} : { valid_days: validDays }),
        },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body;
    }

    it('valid_days is stored, shown, changed and cleared; out of range is 400 naming the field', async () => {
      const service = await createService(t, admin.token, { price: 40 });
      const pkg = await createPackage(service.id, 30);
      assert.equal(pkg.valid_days, 30);
      assert.equal((await createPackage(service.id)).valid_days, null);
      for (const bad of [0, -1, 3651, 1.5]) {
        assertInvalid(
          await t.request({
            method: 'PUT',
            url: `/api/packages/${pkg.id}`,
            token: admin.token,
            payload: { valid_days: bad },
          }),
          'valid_days',
        );
      }
      const changed = await t.request({
        method: 'PUT',
        url: `/api/packages/${pkg.id}`,
        token: admin.token,
        payload: { valid_days: 90 },
      });
      assert.equal(changed.body.valid_days, 90);
      const name = await t.request({
        method: 'PUT',
        url: `/api/packages/${pkg.id}`,
        token: admin.token,
        payload: { name: 'Three cuts, autumn' },
      });
      assert.equal(name.body.valid_days, 90, 'a change without valid_days keeps it');
      const cleared = await t.request({
        method: 'PUT',
        url: `/api/packages/${pkg.id}`,
        token: admin.token,
        payload: { valid_days: null },
      });
      assert.equal(cleared.body.valid_days, null);
      const read = await t.request({ method: 'GET', url: `/api/packages/${pkg.id}`, token: staff.token });
      assert.equal(read.body.valid_days, null);
    });

    it('credits bought expire valid_days after the day of purchase; usable that day, refused after', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 40 });
      const pkg = await createPackage(service.id, 30);
      const bought = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [{ type: 'package', id: pkg.id, quantity: 1 }],
      });
      assert.equal(bought.status, 201, JSON.stringify(bought.body));
      // Changing the package later does not change what was sold.
      await t.request({
        method: 'PUT',
        url: `/api/packages/${pkg.id}`,
        token: admin.token,
        payload: { valid_days: 1 },
      });
      const [credit] = await credits(client.id);
      assert.equal(credit.expires_on, addDays(today, 30));
      assert.equal(credit.expired, false);

      const useOne = () =>
        sell({
          client_id: client.id,
          staff_id: staff.id,
          payment_method: 'cash',
          items: [{ type: 'service', id: service.id, quantity: 1, use_package_credit: true }],
        });
      // Its last day is today: still usable.
      await t.ctx.db
        .updateTable('client_packages')
        .set({ expires_on: today })
        .where('order_id', '=', bought.body.id)
        .execute();
      const used = await useOne();
      assert.equal(used.status, 201, JSON.stringify(used.body));
      assert.equal(used.body.total, 0);

      // Its last day was yesterday: refused, nothing sold, the credits untouched.
      const yesterday = addDays(today, -1);
      await t.ctx.db
        .updateTable('client_packages')
        .set({ expires_on: yesterday })
        .where('order_id', '=', bought.body.id)
        .execute();
      const ordersBefore = (await t.ctx.db.selectFrom('pos_orders').select('id').execute()).length;
      const refused = await useOne();
      assertError(refused, 409, 'package_credit_expired');
      assert.match(refused.body.error, new RegExp(yesterday), 'the message names the last usable day');
      assert.equal((await t.ctx.db.selectFrom('pos_orders').select('id').execute()).length, ordersBefore);
      const after = await credits(client.id);
      assert.deepEqual(
        after.map((c: { remaining: number; expired: boolean; expires_on: string }) => [
          c.remaining,
          c.expired,
          c.expires_on,
        ]),
        [[2, true, yesterday]],
      );
    });

    it('a valid package is spent before an expired one is refused; without valid_days credits never expire', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 40 });
      const limited = await createPackage(service.id, 10);
      const forever = await createPackage(service.id);
      for (const pkg of [limited, forever]) {
        const bought = await sell({
          client_id: client.id,
          staff_id: staff.id,
          payment_method: 'cash',
          items: [{ type: 'package', id: pkg.id, quantity: 1 }],
        });
        assert.equal(bought.status, 201, JSON.stringify(bought.body));
      }
      await t.ctx.db
        .updateTable('client_packages')
        .set({ expires_on: addDays(today, -5) })
        .where('package_id', '=', limited.id)
        .execute();
      const listed = await credits(client.id);
      assert.deepEqual(
        listed.map((c: { package_id: number; expires_on: string | null; expired: boolean }) => [
          c.package_id,
          c.expires_on,
          c.expired,
        ]),
        [
          [limited.id, addDays(today, -5), true],
          [forever.id, null, false],
        ],
      );
      const used = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [{ type: 'service', id: service.id, quantity: 3, use_package_credit: true }],
      });
      assert.equal(used.status, 201, JSON.stringify(used.body));
      const foreverPackage = await t.ctx.db
        .selectFrom('client_packages')
        .select('id')
        .where('package_id', '=', forever.id)
        .executeTakeFirstOrThrow();
      assert.equal(used.body.items[0].client_package_id, foreverPackage.id, 'the package without a limit paid');
      // All that is left is expired.
      assertError(
        await sell({
          client_id: client.id,
          staff_id: staff.id,
          payment_method: 'cash',
          items: [{ type: 'service', id: service.id, quantity: 1, use_package_credit: true }],
        }),
        409,
        'package_credit_expired',
      );
    });
  });
}
