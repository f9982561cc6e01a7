import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, jobsNamed, pastSlot } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { FakeCardpayProvider } from '../../../test/helpers/fake-cardpay.js';
import { insertProduct } from '../../../test/helpers/factories.js';

/*
 * Checking a booking (or a visit) out at the till, and the till's Idempotency-Key: totals
 * computed by hand in cents.
 */

for (const dialect of DIALECTS) {
  describe(`POS checkout of a booking, and retried orders [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    const cardpay = new FakeCardpayProvider();

    before(async () => {
      await cardpay.start();
      t = await createTestApp(dialect, {
        config: { paymentApiUrls: { cardpay: cardpay.url, onlinepay: cardpay.url, checkout: cardpay.url } },
      });
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(async () => {
      await t.close();
      await cardpay.stop();
    });

    const sell = (payload: object, key?: string, token = staff.token) =>
      t.request({
        method: 'POST',
        url: '/api/pos',
        token,
        payload,
        ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
      });
    /** A booking the desk made, its deposit of `depositCents` paid online (as the checkout webhook leaves it). */
    const booked = async (clientId: number, serviceId: number, depositCents = 0) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: clientId, service_id: serviceId, staff_id: admin.id, ...pastSlot() },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      if (depositCents > 0) {
        await t.ctx.db
          .updateTable('bookings')
          .set({ deposit_amount: depositCents, deposit_status: 'paid' })
          .where('id', '=', response.body.id)
          .execute();
      }
      return response.body.id as number;
    };
    const bookingRow = (id: number) =>
      t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('a booking checked out: completed with the sale, its paid deposit deducted once (cash and receipt too), a second checkout refused', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 45 });
      const product = (await insertProduct(t.ctx.db, { price: 1250, quantity_on_hand: 5 })).id;
      const bookingId = await booked(client.id, service.id, 1000);

      // 59.99 handed over is less than the 60.00 the cash collects: refused on its field.
      const short = await sell({
        client_id: client.id,
        staff_id: admin.id,
        payment_method: 'cash',
        booking_id: bookingId,
        cash_tendered: 59.99,
        items: [
          { type: 'service', id: service.id, quantity: 1 },
          { type: 'product', id: product, quantity: 2 },
        ],
      });
      assertInvalid(short, 'cash_tendered');
      const order = await sell({
        client_id: client.id,
        staff_id: admin.id,
        payment_method: 'cash',
        booking_id: bookingId,
        cash_tendered: 65,
        items: [
          { type: 'service', id: service.id, quantity: 1 },
          { type: 'product', id: product, quantity: 2 },
        ],
      });
      assert.equal(order.status, 201, JSON.stringify(order.body));
      // 45.00 + 2 × 12.50 = 70.00; 10.00 paid before as the deposit: the cash collected is 60.00.
      assert.equal(order.body.total, 70);
      assert.equal(order.body.amount_due, 70);
      assert.equal(order.body.deposit_amount, 10);
      assert.equal(order.body.booking_id, bookingId);
      assert.equal(order.body.payment_status, 'paid');

      // The receipt: the deposit as paid before, the cash for the rest, the change from 65.00.
      const receipt = await t.request({ method: 'GET', url: `/api/pos/${order.body.id}/receipt`, token: admin.token });
      assert.equal(receipt.status, 200, JSON.stringify(receipt.body));
      assert.deepEqual(receipt.body.payments, [
        { method: 'deposit', amount: 10 },
        { method: 'cash', amount: 60 },
      ]);
      assert.equal(receipt.body.cash_tendered, 65);
      assert.equal(receipt.body.change, 5);

      const booking = await bookingRow(bookingId);
      assert.equal(booking.status, 'completed');
      assert.ok(booking.feedback_token, 'completed as the desk completes: a feedback token');
      assert.equal((await jobsNamed(t, admin.token, 'booking.review_request', bookingId)).length, 1);
      const history = await t.request({ method: 'GET', url: `/api/bookings/${bookingId}/history`, token: admin.token });
      assert.ok(JSON.stringify(history.body).includes(`"status"`), 'the history records the completion');

      // Never charged twice: the booking has its order.
      const again = await sell({
        client_id: client.id,
        staff_id: admin.id,
        payment_method: 'cash',
        booking_id: bookingId,
        items: [{ type: 'service', id: service.id, quantity: 1 }],
      });
      assertError(again, 409, 'booking_checked_out');

      // A refund by money gives back at most what the till took: 70.00 − 10.00 deposit.
      const tooMuch = await t.request({
        method: 'POST',
        url: `/api/pos/${order.body.id}/refunds`,
        token: admin.token,
        payload: { reason: 'too much', amount: 60.01 },
      });
      assertError(tooMuch, 409, 'refund_exceeds_paid');
    });

    it('a visit checked out: every part completed, the parts’ deposits summed; gift card, then the card terminal for the rest', async () => {
      const client = await createClient(t, admin.token);
      const colour = await createService(t, admin.token, { price: 45 });
      const cut = await createService(t, admin.token, { price: 30 });
      const slot = pastSlot();
      const visit = await t.request({
        method: 'POST',
        url: '/api/bookings/visits',
        token: admin.token,
        payload: {
          client_id: client.id,
          start_at: slot.start_at,
          override: true,
          parts: [
            { service_id: colour.id, staff_id: admin.id },
            { service_id: cut.id, staff_id: admin.id },
          ],
        },
      });
      assert.equal(visit.status, 201, JSON.stringify(visit.body));
      const partIds = (visit.body.bookings as Array<{ id: number }>).map((part) => part.id);
      await t.ctx.db
        .updateTable('bookings')
        .set({ deposit_amount: 500, deposit_status: 'paid' })
        .where('id', 'in', partIds)
        .execute();
      const card = await t.request({
        method: 'POST',
        url: '/api/giftcards',
        token: admin.token,
        payload: { amount: 30 },
      });
      assert.equal(card.status, 201, JSON.stringify(card.body));
      await t.request({
        method: 'PUT',
        url: '/api/settings',
        token: admin.token,
        payload: {
          cardpay_api_key: cardpay.apiKey,
          cardpay_merchant_code: cardpay.merchantCode,
          cardpay_reader_id: cardpay.readerId,
        },
      });

      const order = await sell({
        client_id: client.id,
        staff_id: admin.id,
        payment_method: 'card',
        booking_id: partIds[1],
        gift_card_code: card.body.code,
        items: [
          { type: 'service', id: colour.id, quantity: 1 },
          // The cut was someone else's work: the line names them.
          { type: 'service', id: cut.id, quantity: 1, staff_id: staff.id },
        ],
      });
      assert.equal(order.status, 201, JSON.stringify(order.body));
      // 45.00 + 30.00 = 75.00; the gift card pays 30.00, leaving 45.00; deposits 5.00 + 5.00 paid
      // before: the card terminal is asked for 35.00.
      assert.equal(order.body.total, 75);
      assert.equal(order.body.gift_card_amount, 30);
      assert.equal(order.body.amount_due, 45);
      assert.equal(order.body.deposit_amount, 10);
      assert.equal(order.body.payment_status, 'pending');
      assert.equal(order.body.payment.provider, 'cardpay');
      const sent = JSON.parse(cardpay.requests.at(-1)!.body);
      assert.deepEqual(sent.total_amount, { value: 3500, currency: 'EUR', minor_unit: 2 });
      for (const id of partIds) assert.equal((await bookingRow(id)).status, 'completed');
      assert.deepEqual(
        order.body.items.map((line: { staff_id: number }) => line.staff_id),
        [admin.id, staff.id],
      );
      const unknown = await sell({
        client_id: client.id,
        staff_id: admin.id,
        payment_method: 'cash',
        items: [{ type: 'service', id: cut.id, quantity: 1, staff_id: 999_999 }],
      });
      assertError(unknown, 400, 'unknown_staff');
      assert.equal(unknown.body.details[0].field, 'items.0.staff_id');
      // The first part is the visit's too: checked out with the second.
      const firstPart = await sell({
        client_id: client.id,
        staff_id: admin.id,
        payment_method: 'cash',
        booking_id: partIds[0],
        items: [{ type: 'service', id: colour.id, quantity: 1 }],
      });
      assertError(firstPart, 409, 'booking_checked_out');
      await t.request({
        method: 'PUT',
        url: '/api/settings',
        token: admin.token,
        payload: { cardpay_api_key: '', cardpay_merchant_code: '', cardpay_reader_id: '' },
      });
    });

    it('only the booking’s client, only a booking still expected or done, only one known', async () => {
      const client = await createClient(t, admin.token);
      const other = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 20 });
      const bookingId = await booked(client.id, service.id);
      const line = [{ type: 'service', id: service.id, quantity: 1 }];
      const base = { staff_id: admin.id, payment_method: 'cash', items: line };
      assertError(await sell({ ...base, client_id: other.id, booking_id: bookingId }), 400, 'booking_other_client');
      assertError(await sell({ ...base, client_id: client.id, booking_id: 999_999 }), 404, 'not_found');
      const cancelled = await t.request({ method: 'DELETE', url: `/api/bookings/${bookingId}`, token: admin.token });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      assertError(await sell({ ...base, client_id: client.id, booking_id: bookingId }), 409, 'booking_not_checkable');
      const orders = await t.ctx.db.selectFrom('pos_orders').select('id').where('client_id', '=', client.id).execute();
      assert.equal(orders.length, 0, 'a refused checkout records nothing');
    });

    it('two desks checking one booking out at once: one order, the other 409', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 20 });
      const bookingId = await booked(client.id, service.id);
      const payload = {
        client_id: client.id,
        staff_id: admin.id,
        payment_method: 'cash',
        booking_id: bookingId,
        items: [{ type: 'service', id: service.id, quantity: 1 }],
      };
      const answers = await Promise.all([sell(payload), sell(payload, undefined, admin.token)]);
      assert.deepEqual(
        answers.map((answer) => answer.status).sort(),
        [201, 409],
        JSON.stringify(answers.map((a) => a.body)),
      );
      const orders = await t.ctx.db.selectFrom('pos_orders').select('id').where('booking_id', '=', bookingId).execute();
      assert.equal(orders.length, 1);
    });

    it('an Idempotency-Key: a retried checkout answers the first order and sells nothing twice', async () => {
      const client = await createClient(t, admin.token);
      const product = (await insertProduct(t.ctx.db, { price: 1995, quantity_on_hand: 3 })).id;
      const payload = {
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [{ type: 'product', id: product, quantity: 1 }],
      };
      const key = `till-${client.id}-retry`;
      const first = await sell(payload, key);
      assert.equal(first.status, 201, JSON.stringify(first.body));
      const retry = await sell(payload, key);
      assert.equal(retry.status, 201, JSON.stringify(retry.body));
      assert.equal(retry.headers['idempotent-replayed'], 'true');
      assert.equal(retry.body.id, first.body.id);
      assert.equal(retry.body.total, 19.95);
      const stock = await t.ctx.db
        .selectFrom('products')
        .select('quantity_on_hand')
        .where('id', '=', product)
        .executeTakeFirstOrThrow();
      assert.equal(stock.quantity_on_hand, 2, 'one sold, once');
      // Racing retries with one new key: still one order.
      const raceKey = `till-${client.id}-race`;
      const raced = await Promise.all([sell(payload, raceKey), sell(payload, raceKey)]);
      assert.deepEqual(
        raced.map((answer) => answer.status),
        [201, 201],
      );
      assert.equal(raced[0].body.id, raced[1].body.id);
      assertError(await sell({ ...payload, notes: 'another' }, key), 409, 'idempotency_key_reused');
      assertError(await sell(payload, key, admin.token), 409, 'idempotency_key_reused');
      assertError(await sell(payload, 'short'), 400, 'validation_failed');
      const orders = await t.ctx.db.selectFrom('pos_orders').select('id').where('client_id', '=', client.id).execute();
      assert.equal(orders.length, 2);
    });

    it('the till’s search: a scanned EAN first, then services, products and packages by name', async () => {
      const tag = Math.random().toString(36).slice(2, 7);
      const service = await createService(t, admin.token, { name: `Glow ${tag} treatment`, price: 40 });
      const product = await insertProduct(t.ctx.db, { name: `Glow ${tag} serum`, price: 2450, ean_code: `87${tag}` });
      const scanned = await insertProduct(t.ctx.db, { name: `Plain ${tag}`, price: 500, ean_code: `871${tag}` });
      const search = (q: string) =>
        t.request({ method: 'GET', url: `/api/pos/items?q=${encodeURIComponent(q)}`, token: staff.token });
      const byName = await search(`GLOW ${tag}`);
      assert.equal(byName.status, 200, JSON.stringify(byName.body));
      assert.deepEqual(
        byName.body.map((item: { type: string; id: number; price: number }) => [item.type, item.id, item.price]),
        [
          ['service', service.id, 40],
          ['product', product.id, 24.5],
        ],
      );
      const ean = await search(`871${tag}`);
      assert.deepEqual(
        ean.body.map((item: { id: number; ean_match: boolean }) => [item.id, item.ean_match]),
        [[scanned.id, true]],
      );
      assert.equal((await search('%')).status, 200, 'a % is a character, not a wildcard');
      assert.equal((await search('')).status, 400);
    });

    it('the till’s search answers at most `limit` of each kind, each kind by name then id, the scanned EAN before all', async () => {
      const tag = Math.random().toString(36).slice(2, 7);
      const services = [];
      for (const name of [`c ${tag}`, `A ${tag}`, `b ${tag}`]) services.push(await createService(t, admin.token, { name, price: 10 })); // prettier-ignore
      const products = [];
      for (const name of [`B ${tag}`, `a ${tag}`, `C ${tag}`]) products.push(await insertProduct(t.ctx.db, { name, price: 700, ean_code: `e${name}` })); // prettier-ignore
      const scanned = await insertProduct(t.ctx.db, { name: `z ${tag}`, price: 900, ean_code: `scan${tag}` });
      const packages = [];
      for (const name of [`b ${tag}`, `a ${tag}`, `a ${tag}`]) {
        const created = await t.request({
          method: 'POST',
          url: '/api/packages',
          token: admin.token,
          payload: { name, price: 50, services: [{ service_id: services[0]!.id, quantity: 2 }] },
        });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        packages.push(created.body as { id: number });
      }
      const found = async (q: string) => {
        const response = await t.request({ method: 'GET', url: `/api/pos/items?q=${q}&limit=2`, token: staff.token });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        return response.body.map((item: { type: string; id: number; ean_match: boolean; in_stock: number | null }) => [
          item.type,
          item.id,
          item.ean_match,
          item.in_stock === null ? null : typeof item.in_stock,
        ]);
      };
      assert.deepEqual(await found(tag), [
        ['service', services[1]!.id, false, null],
        ['service', services[2]!.id, false, null],
        ['product', products[1]!.id, false, 'number'],
        ['product', products[0]!.id, false, 'number'],
        ['package', packages[1]!.id, false, null],
        ['package', packages[2]!.id, false, null],
      ]);
      assert.deepEqual(await found(`scan${tag}`), [['product', scanned.id, true, 'number']]);
    });

    it('a card payment waiting at the reader is cancelled from the till: the order fails and can be voided', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 25 });
      const settings = (on: boolean) =>
        t.request({
          method: 'PUT',
          url: '/api/settings',
          token: admin.token,
          payload: {
            cardpay_api_key: on ? cardpay.apiKey : '',
            cardpay_merchant_code: on ? cardpay.merchantCode : '',
            cardpay_reader_id: on ? cardpay.readerId : '',
          },
        });
      await settings(true);
      const order = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'card',
        items: [{ type: 'service', id: service.id, quantity: 1 }],
      });
      assert.equal(order.body.payment_status, 'pending', JSON.stringify(order.body));
      const cancel = () =>
        t.request({ method: 'POST', url: `/api/pos/${order.body.id}/payment/cancel`, token: staff.token, payload: {} });
      const cancelled = await cancel();
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      assert.equal(cancelled.body.payment_status, 'failed');
      assert.equal(cancelled.body.payment.status, 'cancelled');
      assert.ok(cardpay.requests.some((r) => r.path.endsWith(`/readers/${cardpay.readerId}/terminate`)));
      assertError(await cancel(), 409, 'payment_not_pending');
      const voided = await t.request({
        method: 'POST',
        url: `/api/pos/${order.body.id}/void`,
        token: staff.token,
        payload: { reason: 'cancelled at the reader' },
      });
      assert.equal(voided.status, 200, JSON.stringify(voided.body));
      // A cash order has no provider payment to stop.
      await settings(false);
      const cash = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [{ type: 'service', id: service.id, quantity: 1 }],
      });
      assertError(
        await t.request({
          method: 'POST',
          url: `/api/pos/${cash.body.id}/payment/cancel`,
          token: staff.token,
          payload: {},
        }),
        409,
        'payment_not_cancellable',
      );
    });
  });
}
