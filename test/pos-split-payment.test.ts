import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { verifyJournal } from '../src/modules/pos/journal-audit.js';
import { payloadData } from '../src/modules/webhooks/payloads.js';
import { assertError, assertInvalid } from './helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from './helpers/app.js';
import { createClient, createService, setSettings } from './helpers/bookings.js';
import { DIALECTS } from './helpers/database.js';
import { insertBooking } from './helpers/factories.js';
import { FakeCardpayProvider } from './helpers/fake-cardpay.js';
import { FakeOnlinepayProvider } from './helpers/fake-onlinepay.js';

/*
 * Split payment at the till (`cash_amount`): part of a card or online order paid in cash, the
 * rest by the method. Every rule over HTTP on both engines, with the card terminal and online
 * providers' fakes, in the order a day at the till goes: the sales, the drawer's expected cash,
 * the refunds per method, the Z report, totals computed by hand in the comments. The journal's
 * entries written before the field existed (a fixture written by the code before it) still verify.
 */

type Order = {
  id: number;
  payment_status: string;
  cash_amount: number;
  cash_tendered: number | null;
  receipt_number: string | null;
  items: { id: number }[];
};

for (const dialect of DIALECTS) {
  describe(`POS split payment: part cash, the rest by card or online [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let clientId: number;
    let cut: number; // 55.50
    let colour: number; // 30.00
    const cardpay = new FakeCardpayProvider();
    const onlinepay = new FakeOnlinepayProvider();
    // The sales of the day, kept for the refunds and the Z report.
    let standalone: Order;
    let byCard: Order;

    before(async () => {
      await Promise.all([cardpay.start(), onlinepay.start()]);
      t = await createTestApp(dialect, {
        config: { paymentApiUrls: { cardpay: cardpay.url, onlinepay: onlinepay.url, checkout: onlinepay.url } },
      });
      admin = await setupSalon(t);
      staff = await createStaff(t);
      clientId = (await createClient(t, admin.token)).id;
      cut = (await createService(t, admin.token, { price: 55.5 })).id;
      colour = (await createService(t, admin.token, { price: 30 })).id;
      const opened = await post('/api/pos/drawer/open', { float: 100 }, admin.token);
      assert.equal(opened.status, 201, JSON.stringify(opened.body));
    });
    after(async () => {
      await t.close();
      await Promise.all([cardpay.stop(), onlinepay.stop()]);
    });

    const post = (url: string, payload: object, token = staff.token) =>
      t.request({ method: 'POST', url, token, payload });
    const order = (payload: object, service = cut) =>
      post('/api/pos', {
        client_id: clientId,
        staff_id: staff.id,
        items: [{ type: 'service', id: service, quantity: 1 }],
        ...payload,
      });
    const sell = async (payload: object, service = cut): Promise<Order> => {
      const response = await order(payload, service);
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body;
    };
    const expectedCash = async () =>
      (await t.request({ method: 'GET', url: '/api/pos/drawer', token: admin.token })).body.expected_cash;
    const get = async (id: number): Promise<Order> =>
      (await t.request({ method: 'GET', url: `/api/pos/${id}`, token: staff.token })).body;
    const providerRef = async (orderId: number) =>
      (
        await t.ctx.db
          .selectFrom('payments')
          .select('provider_ref')
          .where('purpose', '=', 'pos_order')
          .where('reference_id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).provider_ref!;
    const saleBody = async (orderId: number) =>
      JSON.parse(
        (
          await t.ctx.db
            .selectFrom('pos_journal')
            .select('body')
            .where('order_id', '=', orderId)
            .where('kind', '=', 'sale')
            .executeTakeFirstOrThrow()
        ).body,
      ) as { totals: Record<string, number> };
    const refund = (orderId: number, method: string, amount: number, line: number) =>
      post(`/api/pos/${orderId}/refunds`, { reason: 'split', method, items: [{ order_item_id: line, amount }] });

    it('cash_amount is refused (400 on cash_amount) with payment_method cash, and when not less than what is to be collected, naming the amount', async () => {
      const cash = await order({ payment_method: 'cash', cash_amount: 20 });
      assertInvalid(cash, 'cash_amount');
      assert.match(cash.body.details[0].message, /paid in cash whole/);
      for (const whole of [55.5, 60]) {
        const nothingLeft = await order({ payment_method: 'card', cash_amount: whole });
        assertInvalid(nothingLeft, 'cash_amount');
        assert.match(nothingLeft.body.details[0].message, /less than the 55\.5 to be collected/);
      }
      assertInvalid(await order({ payment_method: 'card', cash_amount: 20.005 }), 'cash_amount');
      assertInvalid(await order({ payment_method: 'card', cash_amount: 0 }), 'cash_amount');
      // cash_tendered: with a split payment at least its cash part; a card order without one, never.
      assertInvalid(await order({ payment_method: 'card', cash_amount: 20, cash_tendered: 19.99 }), 'cash_tendered');
      assertInvalid(await order({ payment_method: 'card', cash_tendered: 60 }), 'cash_tendered');
      const none = await t.ctx.db.selectFrom('pos_orders').select('id').execute();
      assert.deepEqual(none, [], 'a refused order records nothing');
    });

    it('a standalone card terminal (no provider): the split order is paid at once; the cash part counts as cash in the drawer, the change from the cash part on the receipt', async () => {
      standalone = await sell({ payment_method: 'card', cash_amount: 20, cash_tendered: 50 });
      assert.equal(standalone.payment_status, 'paid');
      assert.equal(standalone.cash_amount, 20);
      assert.equal(standalone.cash_tendered, 50);
      assert.match(standalone.receipt_number ?? '', /^\d{4}-\d{6}$/);
      // 100.00 float + 20.00 cash part (no cash order yet: the cash is the split's alone)
      assert.equal(await expectedCash(), 120);
      const receipt = await t.request({ method: 'GET', url: `/api/pos/${standalone.id}/receipt`, token: staff.token });
      assert.equal(receipt.status, 200, JSON.stringify(receipt.body));
      assert.equal(receipt.body.total, 55.5);
      assert.deepEqual(receipt.body.payments, [
        { method: 'cash', amount: 20 },
        { method: 'card', amount: 35.5 },
      ]);
      assert.equal(receipt.body.cash_tendered, 50);
      assert.equal(receipt.body.change, 30, '50.00 handed over − 20.00 cash part');
      // An order without a split still answers cash_amount 0.
      const plain = await sell({ payment_method: 'cash' }, colour);
      assert.equal(plain.cash_amount, 0);
      // 120.00 + 30.00 cash sale
      assert.equal(await expectedCash(), 150);
    });

    it('the card terminal provider is asked for the rest only; the order is paid, and journalled with its cash part, when the card has collected it', async () => {
      await setSettings(t, admin.token, {
        cardpay_api_key: cardpay.apiKey,
        cardpay_merchant_code: cardpay.merchantCode,
        cardpay_reader_id: cardpay.readerId,
        onlinepay_api_key: onlinepay.apiKey,
      });
      byCard = await sell({ payment_method: 'card', cash_amount: 20 });
      assert.equal(byCard.payment_status, 'pending');
      assert.equal(byCard.cash_amount, 20);
      const ref = await providerRef(byCard.id);
      // 55.50 − 20.00 cash = 35.50 asked from the reader
      assert.deepEqual(cardpay.checkouts.get(ref)!.amount, { value: 3550, currency: 'EUR', minor_unit: 2 });
      assert.equal(await expectedCash(), 150, 'not a sale before the whole is paid');
      cardpay.setStatus(ref, 'SUCCESSFUL');
      const callback = new URL(cardpay.checkouts.get(ref)!.returnUrl).pathname;
      await t.request({ method: 'POST', url: callback, payload: cardpay.callbackBody(ref) });
      assert.equal((await get(byCard.id)).payment_status, 'paid');
      // 150.00 + 20.00 cash part
      assert.equal(await expectedCash(), 170);
      const totals = (await saleBody(byCard.id)).totals;
      assert.equal(totals.cash_amount, 2000, 'the auditor sees the split');
      assert.equal(totals.amount_due, 5550);
      assert.equal((await saleBody(standalone.id)).totals.cash_amount, 2000);
      const data = await payloadData(t.ctx.db, 'pos_order', byCard.id, false);
      assert.equal(data.cash_amount, 20, 'the webhook payload carries the cash part');
    });

    it('online: the online provider is asked for the rest only', async () => {
      const online = await sell({ payment_method: 'online', cash_amount: 10.25 });
      const ref = await providerRef(online.id);
      // 55.50 − 10.25 = 45.25
      assert.deepEqual(onlinepay.payments.get(ref)!.amount, { currency: 'EUR', value: '45.25' });
      onlinepay.setStatus(ref, 'paid');
      const webhook = new URL(onlinepay.payments.get(ref)!.webhookUrl).pathname;
      await t.request({
        method: 'POST',
        url: webhook,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=${ref}`,
      });
      assert.equal((await get(online.id)).payment_status, 'paid');
      // 170.00 + 10.25
      assert.equal(await expectedCash(), 180.25);
    });

    it('a booking’s deposit paid online comes off first: the cash part is less than amount due − deposit; the provider is asked for the rest of that', async () => {
      const booking = await insertBooking(t.ctx.db, {
        client_id: clientId,
        staff_id: staff.id,
        service_id: cut,
        start_at: '2026-01-06 10:00:00',
        end_at: '2026-01-06 11:00:00',
        status: 'completed',
        price: 5550,
        deposit_amount: 1000,
        deposit_status: 'paid',
      });
      // 55.50 − 10.00 deposit = 45.50 to be collected: a cash part of 45.50 leaves nothing.
      const whole = await order({ payment_method: 'card', cash_amount: 45.5, booking_id: booking });
      assertInvalid(whole, 'cash_amount');
      assert.match(whole.body.details[0].message, /less than the 45\.5 to be collected/);
      const split = await sell({ payment_method: 'card', cash_amount: 20, booking_id: booking });
      assert.equal(split.cash_amount, 20);
      // 45.50 − 20.00 = 25.50 asked from the reader; left pending (not a sale of the day).
      assert.equal(cardpay.checkouts.get(await providerRef(split.id))!.amount.value, 2550);
      assert.equal(await expectedCash(), 180.25);
    });

    it('a card refund never exceeds what the card collected (409 naming what is left by card); cash refunds keep their rule', async () => {
      const line = byCard.items[0]!.id;
      const tooMuch = await refund(byCard.id, 'card', 35.51, line);
      assertError(tooMuch, 409, 'refund_exceeds_paid');
      assert.match(tooMuch.body.error, /35\.5 paid by card is left/);
      const card = await refund(byCard.id, 'card', 35.5, line);
      assert.equal(card.status, 201, JSON.stringify(card.body));
      assert.deepEqual(cardpay.refunds, [{ transactionId: await providerRef(byCard.id), cents: 3550 }]);
      const none = await refund(byCard.id, 'card', 0.01, line);
      assertError(none, 409, 'refund_exceeds_paid');
      assert.match(none.body.error, /^0 paid by card is left/);
      // The cash part back from the drawer: 55.50 − 35.50 = 20.00 left of the money.
      assert.equal((await refund(byCard.id, 'cash', 20, line)).status, 201);
      assertError(await refund(byCard.id, 'cash', 0.01, line), 409, 'refund_exceeds_paid');

      // Cash first, any money part: 50.00 of the standalone sale; then the card has 5.50 left of
      // the sale (not its own 35.50), and a card refund of it goes to the terminal by hand.
      const first = standalone.items[0]!.id;
      assert.equal((await refund(standalone.id, 'cash', 50, first)).status, 201);
      const beyond = await refund(standalone.id, 'card', 10, first);
      assertError(beyond, 409, 'refund_exceeds_paid');
      assert.match(beyond.body.error, /5\.5 left to refund/);
      const rest = await refund(standalone.id, 'card', 5.5, first);
      assert.equal(rest.status, 201, JSON.stringify(rest.body));
      assert.equal(rest.body.provider, 'terminal');
      // 180.25 − 20.00 − 50.00 refunded in cash
      assert.equal(await expectedCash(), 110.25);
    });

    it('the Z report: the cash part counts as cash, the rest as the method; the expected cash includes the cash parts', async () => {
      const closed = await post('/api/pos/drawer/close', { counted: { total: 110.25 } }, admin.token);
      assert.equal(closed.status, 201, JSON.stringify(closed.body));
      const report = closed.body;
      // Sales: standalone card 55.50 (20.00 cash), cash 30.00, card 55.50 (20.00 cash), online 55.50 (10.25 cash).
      assert.equal(report.sales.orders, 4);
      assert.equal(report.sales.total, 196.5);
      assert.deepEqual(report.sales.by_method, [
        { method: 'card', orders: 2, amount: 71 }, // 35.50 + 35.50
        { method: 'cash', orders: 4, amount: 80.25 }, // 30.00 + 20.00 + 20.00 + 10.25: one cash order, three split
        { method: 'online', orders: 1, amount: 45.25 },
      ]);
      assert.deepEqual(report.refunds.by_method, [
        { method: 'card', refunds: 2, amount: 41 }, // 35.50 + 5.50
        { method: 'cash', refunds: 2, amount: 70 }, // 20.00 + 50.00
      ]);
      // 100.00 float + 80.25 cash sales − 70.00 cash refunds
      assert.equal(report.cash.sales, 80.25);
      assert.equal(report.cash.expected, 110.25);
      assert.equal(report.cash.difference, 0);
    });
  });

  describe(`POS split payment: a journal written before the split verifies still [${dialect}]`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect);
    });
    after(() => t.close());

    it('verify-journal passes on a journal written by the code before cash_amount existed, and after split sales are appended to it', async () => {
      const admin = await setupSalon(t);
      const staff = await createStaff(t);
      const clientId = (await createClient(t, admin.token)).id;
      const service = (await createService(t, admin.token, { price: 55.5 })).id;
      const ring = async (payload: object) => {
        const response = await t.request({
          method: 'POST',
          url: '/api/pos',
          token: staff.token,
          payload: {
            client_id: clientId,
            staff_id: staff.id,
            items: [{ type: 'service', id: service, quantity: 1 }],
            ...payload,
          },
        });
        assert.equal(response.status, 201, JSON.stringify(response.body));
        return response.body as Order;
      };
      // The fixture's entries name orders 1 and 2: two online orders whose payment failed (no
      // provider) take those ids and write no entry, so the new sales have their own.
      for (let i = 0; i < 2; i += 1) assert.equal((await ring({ payment_method: 'online' })).payment_status, 'failed');
      assert.deepEqual(await t.ctx.db.selectFrom('pos_journal').select('id').execute(), []);

      // Entries as the code before this change wrote them (the drawer's open, a cash sale with
      // cash_tendered, a card sale, a refund, a cash movement), stored verbatim.
      const fixture = JSON.parse(
        readFileSync(new URL('./fixtures/pos-journal-before-split.json', import.meta.url), 'utf8'),
      ) as Array<Record<string, string | number | null>>;
      let lastId = 0;
      for (const row of fixture) {
        lastId = (
          await t.ctx.db
            .insertInto('pos_journal')
            .values(row as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      }
      const last = fixture.at(-1)!;
      await t.ctx.db
        .updateTable('pos_journal_head')
        .set({ year: Number(last.year), number: Number(last.number), hash: String(last.hash), last_id: lastId })
        .where('id', '=', 1)
        .execute();
      const before = await verifyJournal(t.ctx.db);
      assert.equal(before.ok, true, JSON.stringify(before.first_broken));
      assert.equal(before.entries, fixture.length);

      const split = await ring({ payment_method: 'card', cash_amount: 20 });
      const plain = await ring({ payment_method: 'card' });
      const bodyOf = async (orderId: number) =>
        (
          await t.ctx.db
            .selectFrom('pos_journal')
            .select('body')
            .where('order_id', '=', orderId)
            .executeTakeFirstOrThrow()
        ).body;
      assert.match(await bodyOf(split.id), /"cash_amount":2000/);
      // Without a split the entry keeps the form the old code wrote: its totals have the same keys.
      const oldCard = JSON.parse(
        String(fixture.find((row) => row.kind === 'sale' && row.payment_method === 'card')!.body),
      );
      assert.deepEqual(Object.keys(JSON.parse(await bodyOf(plain.id)).totals), Object.keys(oldCard.totals));
      const afterSplit = await verifyJournal(t.ctx.db);
      assert.equal(afterSplit.ok, true, JSON.stringify(afterSplit.first_broken));
      assert.equal(afterSplit.entries, fixture.length + 2);
    });
  });
}
