import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';

for (const dialect of DIALECTS) {
  describe(`GET /auth/me and the set-up VAT rate [${dialect}]`, () => {
    let t: TestApp;

    before(async () => {
      t = await createTestApp(dialect);
    });
    after(() => t.close());

    it('setup creates the VAT rate "21% (standard rate)" as the default, and a service created without vat_rate_id sells at 21 %', async () => {
      const setup = await t.request({
        method: 'POST',
        url: '/api/auth/setup',
        payload: {
          admin_name: 'First Owner',
          admin_email: uniqueEmail('first'),
          admin_password: 'long-enough',
          salon_name: 'Kapsalon Noord',
        },
      });
      assert.equal(setup.status, 201, JSON.stringify(setup.body));
      const token = setup.body.token as string;
      const rates = await t.request({ method: 'GET', url: '/api/settings/vat-rates', token });
      assert.equal(rates.status, 200);
      assert.deepEqual(
        rates.body.map((rate: { name: string; percentage: number; is_default: number; is_disabled: number }) => [
          rate.name,
          rate.percentage,
          rate.is_default,
          rate.is_disabled,
        ]),
        [['21% (standard rate)', 21, 1, 0]],
      );

      const service = await createService(t, token, { price: 121 });
      const client = await createClient(t, token);
      const sale = await t.request({
        method: 'POST',
        url: '/api/pos',
        token,
        payload: {
          client_id: client.id,
          staff_id: setup.body.user.id,
          payment_method: 'cash',
          items: [{ type: 'service', id: service.id, quantity: 1 }],
        },
      });
      assert.equal(sale.status, 201, JSON.stringify(sale.body));
      assert.equal(sale.body.items[0].vat_rate, 21);
      assert.equal(sale.body.items[0].vat_amount, 21);
      assert.equal(sale.body.vat_total, 21);
    });

    it('GET /auth/me answers the caller: id, name, email, role, require_password_change, bookable, can_change_prices', async () => {
      const other = await createTestApp(dialect);
      try {
        const admin = await setupSalon(other);
        const staff = await createStaff(other);
        await other.ctx.db.updateTable('users').set({ bookable: 0 }).where('id', '=', admin.id).execute();
        const mine = await other.request({ method: 'GET', url: '/api/auth/me', token: admin.token });
        assert.equal(mine.status, 200, JSON.stringify(mine.body));
        assert.deepEqual(mine.body, {
          id: admin.id,
          name: 'Olivia Owner',
          email: admin.email,
          role: 'admin',
          require_password_change: false,
          bookable: 0,
          can_change_prices: true,
        });
        const theirs = await other.request({ method: 'GET', url: '/api/auth/me', token: staff.token });
        assert.equal(theirs.body.id, staff.id);
        assert.equal(theirs.body.role, 'staff');
        assert.equal(theirs.body.bookable, 1);
        // A staff member may change a till price while staff_price_changes_enabled is on (the default).
        assert.equal(theirs.body.can_change_prices, true);
        const off = await other.request({
          method: 'PUT',
          url: '/api/settings',
          token: admin.token,
          payload: { staff_price_changes_enabled: false },
        });
        assert.equal(off.status, 200, JSON.stringify(off.body));
        const staffOff = await other.request({ method: 'GET', url: '/api/auth/me', token: staff.token });
        assert.equal(staffOff.body.can_change_prices, false);
        const adminOff = await other.request({ method: 'GET', url: '/api/auth/me', token: admin.token });
        assert.equal(adminOff.body.can_change_prices, true);
        assert.equal((await other.request({ method: 'GET', url: '/api/auth/me' })).status, 401);
      } finally {
        await other.close();
      }
    });
  });
}
