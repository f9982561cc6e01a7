import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkOrderInput, priceOrder, type OrderFacts } from './order-pricing.js';
import type { OrderCreateInput } from './schemas.js';

/* Pricing an order is pure: the same request and the same books give the same figures, no database. */

const facts = (over: Partial<OrderFacts> = {}): OrderFacts => ({
  catalogue: new Map([
    ['service:1', { name: 'Cut', price: 4500, vatRate: 2100 }],
    ['product:2', { name: 'Shampoo', price: 1250, vatRate: 2100 }],
  ]),
  promotion: null,
  loyaltyReward: 0,
  giftCard: null,
  loyaltyRules: { enabled: true, pointsPerEuroHundredths: 100, thresholds: [] },
  cardProviderConfigured: false,
  depositPaid: 0,
  ...over,
});

const order = (over: Partial<OrderCreateInput> = {}): OrderCreateInput => ({
  client_id: 1,
  staff_id: 1,
  payment_method: 'cash',
  items: [
    { type: 'service', id: 1, quantity: 1 },
    { type: 'product', id: 2, quantity: 2 },
  ],
  ...over,
});

describe('POS order pricing (order-pricing.ts), no database', () => {
  it('a line is charged the till’s price, else the catalogue’s, and nothing on package credit', () => {
    const priced = priceOrder(
      order({
        items: [
          { type: 'service', id: 1, quantity: 1, use_package_credit: true },
          { type: 'product', id: 2, quantity: 2, price: 10 },
        ],
      }),
      facts(),
    );
    assert.deepEqual(
      priced.lines.map((line) => line.price),
      [0, 1000],
    );
    assert.equal(priced.totals.amount_due, 2000);
  });

  it('paid at the till earns its points now; a card through a configured provider is pending and earns none yet', () => {
    const cash = priceOrder(order(), facts());
    assert.equal(cash.status, 'paid');
    assert.equal(cash.earned, 70); // 70.00 paid, 1 point per euro
    const card = priceOrder(order({ payment_method: 'card' }), facts({ cardProviderConfigured: true }));
    assert.equal(card.status, 'pending');
    assert.equal(card.earned, 0);
    const terminal = priceOrder(order({ payment_method: 'card' }), facts());
    assert.equal(terminal.status, 'paid', 'a standalone terminal: no provider to wait for');
  });

  it('a deposit paid online comes off what the method collects, never more than is due', () => {
    // 45.00 + 2 × 12.50 = 70.00 due; 15.00 paid before: the card collects 55.00.
    const part = priceOrder(
      order({ payment_method: 'card' }),
      facts({ cardProviderConfigured: true, depositPaid: 1500 }),
    );
    assert.equal(part.totals.amount_due, 7000);
    assert.equal(part.deposit, 1500);
    assert.equal(part.status, 'pending');
    // A deposit of 80.00 on a 70.00 order pays it whole: nothing is left to collect.
    const whole = priceOrder(
      order({ payment_method: 'card' }),
      facts({ cardProviderConfigured: true, depositPaid: 8000 }),
    );
    assert.equal(whole.deposit, 7000);
    assert.equal(whole.status, 'paid');
    assert.equal(whole.earned, 70, 'points on all the client paid, the deposit included');
  });

  it('an order with nothing sold, or package credit on a product line, is refused before any transaction', () => {
    assert.throws(() => checkOrderInput(order({ items: [] })), { code: 'validation_failed' });
    assert.throws(
      () => checkOrderInput(order({ items: [{ type: 'product', id: 2, quantity: 1, use_package_credit: true }] })),
      (error: { details?: Array<{ field: string }> }) => error.details?.[0]?.field === 'items.0.use_package_credit',
    );
    assert.doesNotThrow(() => checkOrderInput(order({ items: [], gift_cards: [{ amount: 25 }] })));
  });
});
