import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { defaultVatRateId } from './vat-rates.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

type Rate = { id: number; name: string; percentage: number; is_default: number; is_disabled: number };

for (const dialect of DIALECTS) {
  describe(`VAT rates [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const create = (payload: object, token = admin.token) =>
      t.request({ method: 'POST', url: '/api/settings/vat-rates', token, payload });
    const update = (id: number, payload: object, token = admin.token) =>
      t.request({ method: 'PUT', url: `/api/settings/vat-rates/${id}`, token, payload });
    const remove = (id: number, token = admin.token) =>
      t.request({ method: 'DELETE', url: `/api/settings/vat-rates/${id}`, token });
    const list = async (token = admin.token) => {
      const response = await t.request({ method: 'GET', url: '/api/settings/vat-rates', token });
      assert.equal(response.status, 200);
      return response.body as Rate[];
    };
    const find = async (id: number) => (await list()).find((r) => r.id === id);
    const defaults = async () =>
      (await t.ctx.db.selectFrom('vat_rates').select('id').where('is_default', '=', 1).execute()).map((r) => r.id);

    describe('auth: reads need login, writes need an admin', () => {
      it('a staff member may list VAT rates (200) but not change them (403)', async () => {
        const { body: rate } = await create({ name: 'Staff visible', percentage: 9 });
        assert.ok((await list(staff.token)).some((r) => r.id === rate.id));
        assertError(await create({ name: 'By staff', percentage: 9 }, staff.token), 403, 'forbidden');
        assertError(await update(rate.id, { name: 'By staff' }, staff.token), 403, 'forbidden');
        assertError(await remove(rate.id, staff.token), 403, 'forbidden');
        assert.equal((await find(rate.id))?.name, 'Staff visible');
      });
    });

    describe('POST /settings/vat-rates', () => {
      it('adds a rate: 201 with { id, name, percentage, is_default, is_disabled, created_at, updated_at }', async () => {
        const response = await create({ name: ' High ', percentage: 21 });
        assert.equal(response.status, 201);
        assert.deepEqual(Object.keys(response.body).sort(), [
          'created_at',
          'id',
          'is_default',
          'is_disabled',
          'name',
          'percentage',
          'updated_at',
        ]);
        assert.equal(response.body.name, 'High');
        assert.equal(response.body.percentage, 21);
        assert.equal(response.body.is_default, 0, 'is_default defaults to 0');
        assert.equal(response.body.is_disabled, 0, 'is_disabled defaults to 0');
        assert.match(response.body.created_at, DATETIME);
        assert.match(response.body.updated_at, DATETIME);
        assert.deepEqual(await find(response.body.id), response.body);
      });

      it('the percentage is kept to 2 decimals, stored as integer hundredths (21 → 2100, 5.5 → 550)', async () => {
        const cases: Array<[number, number, number]> = [
          [21, 2100, 21],
          [5.5, 550, 5.5],
          [0, 0, 0],
          [100, 10000, 100],
          [9.125, 913, 9.13],
          [12.344, 1234, 12.34],
        ];
        for (const [given, stored, returned] of cases) {
          const response = await create({ name: `Rate ${given}`, percentage: given });
          assert.equal(response.status, 201, String(given));
          assert.equal(response.body.percentage, returned, String(given));
          const row = await t.ctx.db
            .selectFrom('vat_rates')
            .select('percentage')
            .where('id', '=', response.body.id)
            .executeTakeFirstOrThrow();
          assert.equal(row.percentage, stored, String(given));
        }
      });

      it('percentage must be a number from 0 to 100 (400)', async () => {
        assertInvalid(await create({ name: 'Negative', percentage: -1 }), 'percentage');
        assertInvalid(await create({ name: 'Too high', percentage: 100.01 }), 'percentage');
        assertInvalid(await create({ name: 'Text', percentage: '21' }), 'percentage');
        assertInvalid(await create({ name: 'Missing' }), 'percentage');
        assertInvalid(await create({ name: 'Null', percentage: null }), 'percentage');
      });

      it('name is required and may not be blank (400)', async () => {
        assertInvalid(await create({ percentage: 21 }), 'name');
        assertInvalid(await create({ name: '  ', percentage: 21 }), 'name');
        assertInvalid(await create({ name: 21, percentage: 21 }), 'name');
      });

      it('0/1 fields accept true/false; other values are a 400', async () => {
        const response = await create({ name: 'Booleans', percentage: 6, is_disabled: true });
        assert.equal(response.status, 201);
        assert.equal(response.body.is_disabled, 1);
        assert.equal(response.body.is_default, 0);
        assertInvalid(await create({ name: 'Bad flag', percentage: 6, is_default: 'yes' }), 'is_default');
        assertInvalid(await create({ name: 'Bad flag', percentage: 6, is_disabled: 2 }), 'is_disabled');
      });

      it('unknown fields and fields the client may not set are ignored', async () => {
        const response = await create({
          name: 'Mass',
          percentage: 7,
          id: 999_999,
          created_at: '2000-01-01',
          code: 'X',
        });
        assert.equal(response.status, 201);
        assert.notEqual(response.body.id, 999_999);
        assert.ok(!response.body.created_at.startsWith('2000'));
        assert.ok(!('code' in response.body));
      });
    });

    describe('GET /settings/vat-rates', () => {
      it('lists every rate, disabled ones too, as a plain array ordered by percentage, then id', async () => {
        const { body: b } = await create({ name: 'Order b', percentage: 13 });
        const { body: a } = await create({ name: 'Order a', percentage: 3 });
        const { body: c } = await create({ name: 'Order c', percentage: 13, is_disabled: 1 });
        const rows = await list();
        const expected = [...rows].sort((x, y) => x.percentage - y.percentage || x.id - y.id);
        assert.deepEqual(
          rows.map((r) => r.id),
          expected.map((r) => r.id),
        );
        assert.deepEqual(
          rows.filter((r) => r.name.startsWith('Order ')).map((r) => r.id),
          [a.id, b.id, c.id],
        );
      });
    });

    describe('PUT /settings/vat-rates/:id', () => {
      it('only the fields present change', async () => {
        const { body: rate } = await create({ name: 'Partial', percentage: 9 });
        const response = await update(rate.id, { percentage: 10.5 });
        assert.equal(response.status, 200);
        assert.deepEqual({ ...response.body, updated_at: rate.updated_at }, { ...rate, percentage: 10.5 });
        const renamed = await update(rate.id, { name: 'Partial renamed', is_disabled: true });
        assert.equal(renamed.body.name, 'Partial renamed');
        assert.equal(renamed.body.percentage, 10.5);
        assert.equal(renamed.body.is_disabled, 1);
        assert.deepEqual(await find(rate.id), renamed.body);
        const unchanged = await update(rate.id, {});
        assert.deepEqual(unchanged.body, renamed.body);
      });

      it('an unknown id is a 404', async () => {
        assertError(await update(987_654, { name: 'Ghost' }), 404, 'not_found');
      });

      it('validation on update: blank name, percentage out of range, wrong types are 400', async () => {
        const { body: rate } = await create({ name: 'Validated', percentage: 9 });
        assertInvalid(await update(rate.id, { name: '' }), 'name');
        assertInvalid(await update(rate.id, { percentage: 101 }), 'percentage');
        assertInvalid(await update(rate.id, { percentage: -0.5 }), 'percentage');
        assertInvalid(await update(rate.id, { is_default: 'true' }), 'is_default');
        assert.equal((await find(rate.id))?.percentage, 9);
      });
    });

    describe('one default rate, never a disabled one', () => {
      it('saving a VAT rate with is_default = 1 clears is_default on all others', async () => {
        const { body: first } = await create({ name: 'Default one', percentage: 21, is_default: 1 });
        assert.equal(first.is_default, 1);
        assert.deepEqual(await defaults(), [first.id]);
        const { body: second } = await create({ name: 'Default two', percentage: 9, is_default: true });
        assert.deepEqual(await defaults(), [second.id]);
        assert.equal((await find(first.id))?.is_default, 0);

        const promoted = await update(first.id, { is_default: 1 });
        assert.equal(promoted.status, 200);
        assert.equal(promoted.body.is_default, 1);
        assert.deepEqual(await defaults(), [first.id]);
        assert.equal(await defaultVatRateId(t.ctx.db), first.id);
      });

      it('is_default = 0 on the default rate leaves no default', async () => {
        const { body: rate } = await create({ name: 'Default then not', percentage: 21, is_default: 1 });
        assert.equal((await update(rate.id, { is_default: 0 })).body.is_default, 0);
        assert.deepEqual(await defaults(), []);
        assert.equal(await defaultVatRateId(t.ctx.db), null);
      });

      it('a disabled rate cannot be created as the default: 400 default_rate_disabled', async () => {
        const before = await list();
        const response = await create({ name: 'Disabled default', percentage: 21, is_default: 1, is_disabled: 1 });
        assertError(response, 400, 'default_rate_disabled');
        assert.equal((await list()).length, before.length);
      });

      it('a disabled rate cannot be made the default: 400 default_rate_disabled', async () => {
        const { body: current } = await create({ name: 'Current default', percentage: 21, is_default: 1 });
        const { body: disabled } = await create({ name: 'Disabled', percentage: 0, is_disabled: 1 });
        assertError(await update(disabled.id, { is_default: 1 }), 400, 'default_rate_disabled');
        assert.deepEqual(await defaults(), [current.id], 'the default is unchanged');
        // Enabling it in the same request is fine.
        const both = await update(disabled.id, { is_default: 1, is_disabled: 0 });
        assert.equal(both.status, 200);
        assert.deepEqual(await defaults(), [disabled.id]);
      });

      it('the default rate cannot be disabled: 400 default_rate_disabled', async () => {
        const { body: rate } = await create({ name: 'Default to disable', percentage: 21, is_default: 1 });
        assertError(await update(rate.id, { is_disabled: 1 }), 400, 'default_rate_disabled');
        assert.equal((await find(rate.id))?.is_disabled, 0);
        // Giving up the default in the same request is fine.
        const both = await update(rate.id, { is_default: 0, is_disabled: true });
        assert.equal(both.status, 200);
        assert.equal(both.body.is_disabled, 1);
      });

      it('10 parallel creations with is_default = 1 all succeed and leave exactly one default', async () => {
        const responses = await Promise.all(
          Array.from({ length: 10 }, (_, i) => create({ name: `Race ${i}`, percentage: i, is_default: 1 })),
        );
        assert.deepEqual(
          responses.map((r) => r.status),
          Array(10).fill(201),
          JSON.stringify(responses.map((r) => r.body)),
        );
        const left = await defaults();
        assert.equal(left.length, 1);
        assert.ok(responses.some((r) => r.body.id === left[0]));
        assert.equal(await defaultVatRateId(t.ctx.db), left[0]);
      });

      it('10 parallel updates to is_default = 1 leave exactly one default', async () => {
        const created = await Promise.all(
          Array.from({ length: 10 }, (_, i) => create({ name: `Race update ${i}`, percentage: i })),
        );
        const responses = await Promise.all(created.map((c) => update(c.body.id, { is_default: 1 })));
        assert.deepEqual(
          responses.map((r) => r.status),
          Array(10).fill(200),
          JSON.stringify(responses.map((r) => r.body)),
        );
        const left = await defaults();
        assert.equal(left.length, 1);
        assert.ok(created.some((c) => c.body.id === left[0]));
      });

      it('racing "make default" and "disable" on one rate never leave a disabled default', async () => {
        for (let round = 0; round < 5; round += 1) {
          const { body: rate } = await create({ name: `Disable race ${round}`, percentage: 4 });
          await Promise.all([update(rate.id, { is_default: 1 }), update(rate.id, { is_disabled: 1 })]);
          const row = await find(rate.id);
          assert.ok(!(row?.is_default === 1 && row.is_disabled === 1), JSON.stringify(row));
        }
      });
    });

    describe('DELETE /settings/vat-rates/:id', () => {
      it('removes a rate: 200 { ok: true }, 404 afterwards', async () => {
        const { body: rate } = await create({ name: 'Doomed', percentage: 1 });
        const response = await remove(rate.id);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true });
        assert.equal(await find(rate.id), undefined);
        assertError(await remove(rate.id), 404, 'not_found');
        assertError(await update(rate.id, { name: 'Back' }), 404, 'not_found');
      });

      it('an unknown id is a 404; a non-numeric id a 400', async () => {
        assertError(await remove(987_654), 404, 'not_found');
        assertError(
          await t.request({ method: 'DELETE', url: '/api/settings/vat-rates/abc', token: admin.token }),
          400,
          'validation_failed',
        );
      });

      it('deleting the default rate is a 409 default_vat_rate', async () => {
        const { body: rate } = await create({ name: 'Default kept', percentage: 21, is_default: 1 });
        assertError(await remove(rate.id), 409, 'default_vat_rate');
        assert.deepEqual(await defaults(), [rate.id]);
        // After choosing another default it can go.
        await create({ name: 'New default', percentage: 21, is_default: 1 });
        assert.equal((await remove(rate.id)).status, 200);
      });

      it('a rate in use is a 409 vat_rate_in_use and is kept', async () => {
        // Stands in for services and products, whose vat_rate_id references vat_rates(id).
        await sql`create table vat_rate_users (id integer primary key, vat_rate_id integer references vat_rates(id))`.execute(
          t.ctx.db,
        );
        const { body: rate } = await create({ name: 'Used', percentage: 9 });
        await sql`insert into vat_rate_users (id, vat_rate_id) values (1, ${rate.id})`.execute(t.ctx.db);
        assertError(await remove(rate.id), 409, 'vat_rate_in_use');
        assert.ok(await find(rate.id));
        await sql`delete from vat_rate_users`.execute(t.ctx.db);
        assert.equal((await remove(rate.id)).status, 200);
      });
    });
  });
}

for (const dialect of DIALECTS) {
  describe(`VAT rates in use by real records [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
    });
    after(() => t.close());

    it('a VAT rate used by a service or a product cannot be deleted: 409 vat_rate_in_use, never a 500', async () => {
      const post = (url: string, payload: object) => t.request({ method: 'POST', url, token: admin.token, payload });
      const forService = await post('/api/settings/vat-rates', { name: 'Services 21%', percentage: 21 });
      const forProduct = await post('/api/settings/vat-rates', { name: 'Products 9%', percentage: 9 });
      assert.equal(
        (await post('/api/services', { name: 'Cut', duration_min: 30, price: 35, vat_rate_id: forService.body.id }))
          .status,
        201,
      );
      assert.equal(
        (
          await post('/api/inventory/products', {
            name: 'Shampoo',
            sku: 'SH-1',
            price: 12.5,
            purchase_price: 5,
            quantity_on_hand: 0,
            vat_rate_id: forProduct.body.id,
          })
        ).status,
        201,
      );
      for (const id of [forService.body.id, forProduct.body.id]) {
        const response = await t.request({
          method: 'DELETE',
          url: `/api/settings/vat-rates/${id}`,
          token: admin.token,
        });
        assertError(response, 409, 'vat_rate_in_use');
      }
    });
  });
}
