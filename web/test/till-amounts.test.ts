import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseAmount, sumDenominations } from '../src/routes/receipts/amounts.js';

describe('till amounts', () => {
  it('reads amounts as typed in Dutch and English', () => {
    assert.equal(parseAmount('12,50'), 12.5);
    assert.equal(parseAmount('12.50'), 12.5);
    assert.equal(parseAmount('€ 12'), 12);
    assert.equal(parseAmount('1.250,00'), 1250);
    assert.equal(parseAmount('1,250.5'), 1250.5);
    assert.equal(parseAmount('-5'), -5);
    assert.equal(parseAmount(''), null);
    assert.equal(parseAmount('twelve'), null);
  });

  it('adds notes and coins to the cent', () => {
    assert.equal(
      sumDenominations([
        { value: 0.1, count: 1 },
        { value: 0.2, count: 1 },
      ]),
      0.3,
    );
    assert.equal(
      sumDenominations([
        { value: 50, count: 2 },
        { value: 0.05, count: 3 },
      ]),
      100.15,
    );
  });
});
