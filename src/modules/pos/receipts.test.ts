import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';

/*
 * Receipts of a sale and of a refund: every figure computed by hand here (prices are gross,
 * VAT is the included part, half-up to the cent), the salon's VAT and KvK numbers, the change
 * given, and the receipt emailed in the client's language to a real SMTP server.
 */

/** ICU writes no-break spaces in money ("€ 50,00"); compared as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

for (const dialect of DIALECTS) {
  describe(`POS receipts [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let cut: number;
    let wax: number;
    let dutch: { id: number; email: string | null };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      await setSettings(t, admin.token, {
        salon_address: 'Kerkstraat 1',
        salon_postcode: '1017 GA',
        salon_city: 'Amsterdam',
        btw_number: 'NL123456789B01',
        kvk_number: '12345678',
        language: 'en',
        timezone: 'Europe/Amsterdam',
      });
      const rate = async (name: string, percentage: number) => {
        const response = await t.request({
          method: 'POST',
          url: '/api/settings/vat-rates',
          token: admin.token,
          payload: { name, percentage },
        });
        assert.equal(response.status, 201, JSON.stringify(response.body));
        return response.body.id as number;
      };
      cut = (await createService(t, admin.token, { name: 'Cut', price: 45, vat_rate_id: await rate('High', 21) })).id;
      wax = (await createService(t, admin.token, { name: 'Wax', price: 20, vat_rate_id: await rate('Low', 9) })).id;
      dutch = await createClient(t, admin.token, { name: 'Nina de Vries', language: 'nl' });
    });
    after(() => t.close());

    const call = (method: 'GET' | 'POST', url: string, payload?: object, token = staff.token) =>
      t.request({ method, url, token, ...(payload ? { payload } : {}) });

    let sale: { id: number; items: { id: number; item_id: number }[]; receipt_number: string };

    it('kvk_number is a setting like btw_number: text, optional, at most 50 characters', async () => {
      const settings = await call('GET', '/api/settings', undefined, admin.token);
      assert.equal(settings.body.kvk_number, '12345678');
      assertInvalid(
        await t.request({
          method: 'PUT',
          url: '/api/settings',
          token: admin.token,
          payload: { kvk_number: 'x'.repeat(51) },
        }),
        'kvk_number',
      );
    });

    it('cash_tendered: cash only, at least the amount due', async () => {
      const order = (method: string, tendered: number) =>
        call('POST', '/api/pos', {
          client_id: dutch.id,
          staff_id: staff.id,
          payment_method: method,
          items: [{ type: 'service', id: cut, quantity: 1 }],
          cash_tendered: tendered,
        });
      assertInvalid(await order('card', 50), 'cash_tendered');
      assertInvalid(await order('cash', 44.99), 'cash_tendered');
    });

    it('a sale’s receipt: the salon, its number, the lines, VAT per rate to the cent, payments and change', async () => {
      const created = await call('POST', '/api/pos', {
        client_id: dutch.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [
          { type: 'service', id: cut, quantity: 1 },
          { type: 'service', id: wax, quantity: 2 },
        ],
        cash_tendered: 100,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      sale = created.body;
      assert.equal(created.body.cash_tendered, 100);
      const response = await call('GET', `/api/pos/${sale.id}/receipt`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const receipt = response.body;
      assert.equal(receipt.kind, 'sale');
      assert.equal(receipt.receipt_number, sale.receipt_number);
      assert.match(receipt.receipt_number, /^\d{4}-\d{6}$/);
      assert.match(receipt.issued_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      assert.deepEqual(receipt.salon, {
        name: receipt.salon.name,
        address: 'Kerkstraat 1',
        postcode: '1017 GA',
        city: 'Amsterdam',
        phone: receipt.salon.phone,
        btw_number: 'NL123456789B01',
        kvk_number: '12345678',
      });
      assert.deepEqual(
        receipt.lines.map((l: Record<string, unknown>) => [
          l.type,
          l.name,
          l.quantity,
          l.unit_price,
          l.amount,
          l.vat_rate,
        ]),
        [
          ['service', 'Cut', 1, 45, 45, 21],
          ['service', 'Wax', 2, 20, 40, 9],
        ],
      );
      // 21 %: 45.00 × 21/121 = 7.8099… → 7.81, net 37.19. 9 %: 40.00 × 9/109 = 3.3027… → 3.30, net 36.70.
      assert.deepEqual(receipt.vat, [
        { rate: 21, net: 37.19, vat: 7.81, gross: 45 },
        { rate: 9, net: 36.7, vat: 3.3, gross: 40 },
      ]);
      assert.equal(receipt.total, 85);
      assert.deepEqual(receipt.payments, [{ method: 'cash', amount: 85 }]);
      assert.equal(receipt.cash_tendered, 100);
      assert.equal(receipt.change, 15);
      assert.equal(receipt.reason, null);
    });

    it('a refund’s receipt: its own number, the sale’s, the lines given back and their VAT', async () => {
      const wrong = sale.items.find((item) => item.item_id === wax)!;
      const refund = await call('POST', `/api/pos/${sale.id}/refunds`, {
        reason: 'Skin reaction',
        items: [{ order_item_id: wrong.id, quantity: 1 }],
      });
      assert.equal(refund.status, 201, JSON.stringify(refund.body));
      const response = await call('GET', `/api/pos/${sale.id}/refunds/${refund.body.id}/receipt`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const receipt = response.body;
      assert.equal(receipt.kind, 'refund');
      assert.equal(receipt.receipt_number, refund.body.receipt_number);
      assert.notEqual(receipt.receipt_number, sale.receipt_number);
      assert.equal(receipt.sale_receipt_number, sale.receipt_number);
      assert.deepEqual(
        receipt.lines.map((l: Record<string, unknown>) => [l.name, l.quantity, l.amount, l.vat_rate]),
        [['Wax', 1, 20, 9]],
      );
      // 20.00 × 9/109 = 1.6513… → 1.65, net 18.35.
      assert.deepEqual(receipt.vat, [{ rate: 9, net: 18.35, vat: 1.65, gross: 20 }]);
      assert.equal(receipt.total, 20);
      assert.deepEqual(receipt.payments, [{ method: 'cash', amount: 20 }]);
      assert.equal(receipt.change, 0);
      assert.equal(receipt.reason, 'Skin reaction');
      assertError(await call('GET', `/api/pos/${sale.id + 1000}/refunds/${refund.body.id}/receipt`), 404, 'not_found');
    });

    it('no receipt before payment; unknown ids 404', async () => {
      assertError(await call('GET', '/api/pos/999999/receipt'), 404, 'not_found');
      const other = await call('POST', '/api/pos', {
        client_id: dutch.id,
        staff_id: staff.id,
        payment_method: 'online',
        items: [{ type: 'service', id: cut, quantity: 1 }],
      });
      assert.equal(other.status, 201, JSON.stringify(other.body));
      assert.notEqual(other.body.payment_status, 'paid');
      assertError(await call('GET', `/api/pos/${other.body.id}/receipt`), 409, 'order_not_paid');
    });

    it('emailed in the client’s language (Dutch), to the client or to another address', async () => {
      const sent = await call('POST', `/api/pos/${sale.id}/receipt/email`, {});
      assert.equal(sent.status, 202, JSON.stringify(sent.body));
      assert.deepEqual({ to: sent.body.to, language: sent.body.language }, { to: dutch.email, language: 'nl' });
      await t.drain();
      const mails = t.mail.to(dutch.email!);
      assert.equal(mails.length, 1);
      const mail = mails[0]!;
      assert.match(mail.subject, new RegExp(`^Je kassabon ${sale.receipt_number} van `));
      for (const part of [plain(mail.text), plain(mail.html)]) {
        assert.ok(part.includes('Btw-nummer NL123456789B01'), part);
        assert.ok(part.includes('KvK-nummer 12345678'), part);
        assert.ok(part.includes('Btw 21% over € 37,19'), part);
        assert.ok(part.includes('€ 7,81'), part);
        assert.ok(part.includes('Wisselgeld'), part);
        assert.ok(part.includes('€ 15,00'), part);
        assert.ok(!/Receipt|Change/.test(part), 'no English left');
      }
      const other = await call('POST', `/api/pos/${sale.id}/receipt/email`, { to: 'bookkeeper@example.test' });
      assert.equal(other.status, 202, JSON.stringify(other.body));
      assert.equal(other.body.language, 'nl');
      await t.drain();
      assert.equal(t.mail.to('bookkeeper@example.test').length, 1);
      assertInvalid(await call('POST', `/api/pos/${sale.id}/receipt/email`, { to: 'not an address' }), 'to');
    });

    it('a refund’s receipt by email; a client with no address needs one given (409 client_no_email)', async () => {
      const refunds = await call('GET', `/api/pos/${sale.id}/refunds`);
      const sent = await call('POST', `/api/pos/${sale.id}/refunds/${refunds.body[0].id}/receipt/email`, {});
      assert.equal(sent.status, 202, JSON.stringify(sent.body));
      await t.drain();
      const mail = t.mail.to(dutch.email!).find((m) => m.subject.startsWith('Je bon van de terugbetaling'));
      assert.ok(mail, 'the refund’s receipt arrived');
      assert.ok(plain(mail.text).includes(`Terugbetaling van bon ${sale.receipt_number}`), mail.text);
      assert.ok(plain(mail.text).includes('Reden: Skin reaction'), mail.text);

      const nobody = await createClient(t, admin.token, { name: 'Walk In', email: null });
      const order = await call('POST', '/api/pos', {
        client_id: nobody.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [{ type: 'service', id: wax, quantity: 1 }],
      });
      assert.equal(order.status, 201, JSON.stringify(order.body));
      assertError(await call('POST', `/api/pos/${order.body.id}/receipt/email`, {}), 409, 'client_no_email');
      assert.equal(
        (await call('POST', `/api/pos/${order.body.id}/receipt/email`, { to: 'walkin@example.test' })).status,
        202,
      );
    });
  });
}
