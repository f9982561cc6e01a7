import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';

for (const dialect of DIALECTS) {
  describe(`gift cards, promotions and packages: CRUD rules [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    it('an admin issues gift cards (staff 403); codes are unique and unguessable; bad input is 400', async () => {
      assertError(
        await t.request({ method: 'POST', url: '/api/giftcards', token: staff.token, payload: { amount: 10 } }),
        403,
        'forbidden',
      );
      const codes = new Set<string>();
      for (let i = 0; i < 5; i += 1) {
        const r = await t.request({
          method: 'POST',
          url: '/api/giftcards',
          token: admin.token,
          payload: { amount: 10 },
        });
        assert.equal(r.status, 201);
        assert.equal(r.body.balance, 10);
        codes.add(r.body.code);
      }
      assert.equal(codes.size, 5);
      assertInvalid(
        await t.request({ method: 'POST', url: '/api/giftcards', token: admin.token, payload: { amount: 0 } }),
        'amount',
      );
      assertInvalid(
        await t.request({
          method: 'POST',
          url: '/api/giftcards',
          token: admin.token,
          payload: { amount: 5, expires_on: '2026-02-30' },
        }),
        'expires_on',
      );
    });

    it('an expired or deactivated gift card cannot pay; a spent card cannot be deleted (409)', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 5 });
      const expired = await t.request({
        method: 'POST',
        url: '/api/giftcards',
        token: admin.token,
        payload: { amount: 20, expires_on: '2020-01-01' },
      });
      const order = (code: string) =>
        t.request({
          method: 'POST',
          url: '/api/pos',
          token: staff.token,
          payload: {
            client_id: client.id,
            staff_id: staff.id,
            payment_method: 'cash',
            gift_card_code: code,
            items: [{ type: 'service', id: service.id, quantity: 1 }],
          },
        });
      assertError(await order(expired.body.code), 409, 'gift_card_expired');
      const card = await t.request({
        method: 'POST',
        url: '/api/giftcards',
        token: admin.token,
        payload: { amount: 20 },
      });
      assert.equal((await order(card.body.code)).status, 201);
      assertError(
        await t.request({ method: 'DELETE', url: `/api/giftcards/${card.body.id}`, token: admin.token }),
        409,
        'gift_card_in_use',
      );
      await t.request({
        method: 'PUT',
        url: `/api/giftcards/${card.body.id}`,
        token: admin.token,
        payload: { active: 0 },
      });
      assertError(await order(card.body.code), 400, 'unknown_gift_card');
      const unused = await t.request({
        method: 'POST',
        url: '/api/giftcards',
        token: admin.token,
        payload: { amount: 1 },
      });
      assert.equal(
        (await t.request({ method: 'DELETE', url: `/api/giftcards/${unused.body.id}`, token: admin.token })).status,
        200,
      );
    });

    it('promotions: code unique (409), percentage at most 100 (400), outside its dates 409 promotion_not_valid', async () => {
      const create = (payload: object) =>
        t.request({ method: 'POST', url: '/api/promotions', token: admin.token, payload });
      const base = { code: 'LATE', name: 'Late', discount_type: 'percentage', discount_value: 10 };
      assert.equal((await create({ ...base, valid_from: '2099-01-01' })).status, 201);
      assertError(await create({ ...base, code: 'late' }), 409, 'code_taken');
      assertInvalid(await create({ ...base, code: 'BIG', discount_value: 150 }), 'discount_value');
      assertInvalid(
        await create({ ...base, code: 'BACK', valid_from: '2026-05-01', valid_to: '2026-04-01' }),
        'valid_to',
      );
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 5 });
      assertError(
        await t.request({
          method: 'POST',
          url: '/api/pos',
          token: staff.token,
          payload: {
            client_id: client.id,
            staff_id: staff.id,
            payment_method: 'cash',
            discount_code: 'late',
            items: [{ type: 'service', id: service.id, quantity: 1 }],
          },
        }),
        409,
        'promotion_not_valid',
      );
    });

    it('packages: an unknown service is 400; a sold package cannot be deleted (409)', async () => {
      assertError(
        await t.request({
          method: 'POST',
          url: '/api/packages',
          token: admin.token,
          payload: { name: 'X', price: 10, services: [{ service_id: 999999, quantity: 1 }] },
        }),
        400,
        'unknown_service',
      );
      const service = await createService(t, admin.token, { price: 5 });
      const pkg = await t.request({
        method: 'POST',
        url: '/api/packages',
        token: admin.token,
        payload: { name: 'Two', price: 9, services: [{ service_id: service.id, quantity: 2 }] },
      });
      const client = await createClient(t, admin.token);
      await t.request({
        method: 'POST',
        url: '/api/pos',
        token: staff.token,
        payload: {
          client_id: client.id,
          staff_id: staff.id,
          payment_method: 'cash',
          items: [{ type: 'package', id: pkg.body.id, quantity: 1 }],
        },
      });
      assertError(
        await t.request({ method: 'DELETE', url: `/api/packages/${pkg.body.id}`, token: admin.token }),
        409,
        'package_in_use',
      );
    });
  });
}
