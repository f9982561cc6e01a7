import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cartReducer, EMPTY_CART, linesSum, orderBody, type Extras } from '../src/routes/till/cart.js';

const EXTRAS: Extras = { discountCode: '', giftCardCode: '', loyaltyPoints: '', method: 'cash' };

describe("the till's cart: a service paid with package credits", () => {
  it('sends use_package_credit on the line chosen, adds it up as 0, and drops the choice for another client', () => {
    let cart = cartReducer(EMPTY_CART, { kind: 'client', client: { id: 4, name: 'Ada' } });
    cart = cartReducer(cart, { kind: 'add', item: { type: 'service', id: 9, name: 'Cut', price: 45 } });
    cart = cartReducer(cart, { kind: 'add', item: { type: 'product', id: 2, name: 'Wax', price: 12.5 } });
    cart = cartReducer(cart, { kind: 'credit', key: cart.lines[0]!.key, useCredit: true });
    assert.equal(linesSum(cart), 12.5);
    const body = orderBody(cart, EXTRAS, 1);
    assert.deepEqual(body.items, [
      { type: 'service', id: 9, quantity: 1, use_package_credit: true },
      { type: 'product', id: 2, quantity: 1 },
    ]);
    const same = cartReducer(cart, { kind: 'client', client: { id: 4, name: 'Ada' } });
    assert.equal(same.lines[0]!.useCredit, true);
    const other = cartReducer(cart, { kind: 'client', client: { id: 5, name: 'Bo' } });
    assert.equal(other.lines[0]!.useCredit, false);
    assert.equal(linesSum(other), 57.5);
  });
});
