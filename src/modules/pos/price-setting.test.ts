import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';

/*
 * settings.staff_price_changes_enabled: on by default (a staff member's price is taken, as it
 * always was); off, only an admin charges a line at another price than the catalogue's.
 */
for (const dialect of DIALECTS) {
  describe(`a line's price at the till, by setting [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let clientId: number;
    let serviceId: number;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      clientId = (await createClient(t, admin.token)).id;
      serviceId = (await createService(t, admin.token, { price: 45 })).id;
    });
    after(() => t.close());

    const sell = (token: string, price?: number) =>
      t.request({
        method: 'POST',
        url: '/api/pos',
        token,
        payload: {
          client_id: clientId,
          staff_id: staff.id,
          items: [{ type: 'service', id: serviceId, quantity: 1, ...(price === undefined ? {} : { price }) }],
          payment_method: 'cash',
        },
      });
    const settingOf = async () =>
      (await t.request({ method: 'GET', url: '/api/settings', token: admin.token })).body
        .staff_price_changes_enabled as number;

    it('staff price changes are allowed by default: a staff member charges 40.00 for a 45.00 service', async () => {
      assert.equal(await settingOf(), 1);
      const sold = await sell(staff.token, 40);
      assert.equal(sold.status, 201, JSON.stringify(sold.body));
      assert.equal(sold.body.total, 40);
    });

    it('turned off, a staff member’s changed price is 409 staff_price_change_not_allowed and nothing is sold', async () => {
      await setSettings(t, admin.token, { staff_price_changes_enabled: false });
      assert.equal(await settingOf(), 0);
      const before = await t.ctx.db
        .selectFrom('pos_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const refused = await sell(staff.token, 40);
      assertError(refused, 409, 'staff_price_change_not_allowed');
      assert.match(refused.body.error, /items\.0\.price/);
      const after = await t.ctx.db
        .selectFrom('pos_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(after.n), Number(before.n));
    });

    it('turned off, a staff member may still send the catalogue’s own price, or none', async () => {
      await setSettings(t, admin.token, { staff_price_changes_enabled: false });
      for (const price of [45, undefined]) {
        const sold = await sell(staff.token, price);
        assert.equal(sold.status, 201, JSON.stringify(sold.body));
        assert.equal(sold.body.total, 45);
      }
    });

    it('an admin may always change a price', async () => {
      await setSettings(t, admin.token, { staff_price_changes_enabled: false });
      const sold = await sell(admin.token, 30);
      assert.equal(sold.status, 201, JSON.stringify(sold.body));
      assert.equal(sold.body.total, 30);
    });

    it('turned on again, staff change prices again', async () => {
      await setSettings(t, admin.token, { staff_price_changes_enabled: true });
      const sold = await sell(staff.token, 42.5);
      assert.equal(sold.status, 201, JSON.stringify(sold.body));
      assert.equal(sold.body.total, 42.5);
    });
  });
}
