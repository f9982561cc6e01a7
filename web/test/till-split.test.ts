import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cartReducer, EMPTY_CART, orderBody, splitGuide, typedAmount, type Extras } from '../src/routes/till/cart.js';

const CARD: Extras = { discountCode: '', giftCardCode: '', loyaltyPoints: '', method: 'card' };

describe("the till's split payment: part cash, the rest by card or online", () => {
  const cart = cartReducer(cartReducer(EMPTY_CART, { kind: 'client', client: { id: 4, name: 'Ada' } }), {
    kind: 'add',
    item: { type: 'service', id: 9, name: 'Cut', price: 55.5 },
  });

  it('sends cash_amount and the cash received with card or online, never with cash', () => {
    const split = orderBody(cart, CARD, 1, 50, 20);
    assert.equal(split.cash_amount, 20);
    assert.equal(split.cash_tendered, 50);
    const online = orderBody(cart, { ...CARD, method: 'online' }, 1, null, 20);
    assert.equal(online.cash_amount, 20);
    assert.equal('cash_tendered' in online, false);
    const cash = orderBody(cart, { ...CARD, method: 'cash' }, 1, 60, 20);
    assert.equal('cash_amount' in cash, false);
    assert.equal(cash.cash_tendered, 60);
    const card = orderBody(cart, CARD, 1, 50, null);
    assert.equal('cash_amount' in card, false);
    assert.equal('cash_tendered' in card, false, 'no cash, no cash received');
  });

  it('shows the rest by card and the change for the cash part live: 55.50 − 20.00 = 35.50; 50.00 − 20.00 = 30.00', () => {
    assert.deepEqual(splitGuide(55.5, 0, 20, 50), { rest: 35.5, change: 30 });
    assert.deepEqual(splitGuide(55.5, 10, 20.1, null), { rest: 25.4, change: null });
    assert.deepEqual(splitGuide(55.5, 0, null, 50), { rest: 55.5, change: null });
    assert.equal(typedAmount('20,50'), 20.5);
    assert.equal(typedAmount(' '), null);
    assert.equal(typedAmount('-3'), null);
  });
});
