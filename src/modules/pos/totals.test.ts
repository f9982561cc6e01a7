import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allocate, computeOrderTotals, includedVat, mulDivHalfUp } from './totals.js';

/* Every expected figure below is worked out by hand in the comment beside it. */

describe('POS order maths (totals.ts), integer cents', () => {
  it('VAT of a line is the included part, price × quantity × rate / (100 + rate), rounded half-up', () => {
    assert.equal(includedVat(4500, 2100), 781); // 4500 × 21 / 121 = 780.99
    assert.equal(includedVat(3990, 2100), 692); // 83790 / 121 = 692.48
    assert.equal(includedVat(1250, 900), 103); // 11250 / 109 = 103.21
    assert.equal(includedVat(3, 2000), 1, 'exactly .5 rounds up'); // 3 × 20 / 120 = 0.5
    assert.equal(includedVat(9, 2000), 2); // 1.5 → 2
    assert.equal(includedVat(1000, 0), 0);
    assert.equal(mulDivHalfUp(5, 1000, 10_000), 1, '10 % of 5 cents is 0.5 → 1');
    assert.equal(mulDivHalfUp(4, 1000, 10_000), 0, '0.4 → 0');
  });

  it('allocate splits an amount in whole cents that add up exactly (largest remainder, ties to the first)', () => {
    assert.deepEqual(allocate(500, [4500, 3591, 1125]), [244, 195, 61]); // 244.14, 194.82, 61.04 → one cent to the .82
    assert.deepEqual(allocate(100, [1, 1, 1]), [34, 33, 33]);
    assert.deepEqual(allocate(0, [5, 5]), [0, 0]);
    assert.deepEqual(allocate(7, [0, 0]), [0, 0]);
    assert.deepEqual(allocate(10, [10, 0]), [10, 0]);
  });

  it('a plain mixed order: subtotal is the sum of the lines, VAT per line at each rate', () => {
    const totals = computeOrderTotals({
      lines: [
        { price: 4500, quantity: 1, vatRate: 2100, discountable: false }, // service 45.00 at 21 %
        { price: 1995, quantity: 2, vatRate: 2100, discountable: true }, // product 2 × 19.95 at 21 %
        { price: 1250, quantity: 1, vatRate: 900, discountable: true }, // product 12.50 at 9 %
      ],
    });
    assert.equal(totals.subtotal, 9740); // 4500 + 3990 + 1250
    assert.deepEqual(
      totals.lines.map((line) => line.vat_amount),
      [781, 692, 103],
    );
    assert.equal(totals.vat_total, 1576);
    assert.equal(totals.total, 9740);
    assert.equal(totals.amount_due, 9740);
  });

  it('promotion on products, loyalty reward and gift card: every figure by hand', () => {
    const totals = computeOrderTotals({
      lines: [
        { price: 4500, quantity: 1, vatRate: 2100, discountable: false },
        { price: 1995, quantity: 2, vatRate: 2100, discountable: true },
        { price: 1250, quantity: 1, vatRate: 900, discountable: true },
      ],
      promotion: { type: 'percentage', value: 1000 }, // 10 % of 3990 + 1250 = 524.0
      loyaltyReward: 500,
      giftCardBalance: 3000,
    });
    assert.equal(totals.discount_amount, 524);
    // discount shares 524 × 3990/5240 = 399, 524 × 1250/5240 = 125
    assert.deepEqual(
      totals.lines.map((line) => line.discount_amount),
      [0, 399, 125],
    );
    // loyalty over what is left (4500, 3591, 1125): 244.14, 194.82, 61.04 → 244, 195, 61
    assert.deepEqual(
      totals.lines.map((line) => line.loyalty_amount),
      [244, 195, 61],
    );
    // nets 4256, 3396, 1064 → VAT 89376/121 = 738.64 → 739; 71316/121 = 589.39 → 589; 9576/109 = 87.85 → 88
    assert.deepEqual(
      totals.lines.map((line) => line.vat_amount),
      [739, 589, 88],
    );
    assert.equal(totals.vat_total, 1416);
    assert.equal(totals.loyalty_amount, 500);
    assert.equal(totals.total, 8716); // 9740 − 524 − 500
    assert.equal(totals.gift_card_amount, 3000);
    assert.equal(totals.amount_due, 5716);
  });

  it('a fixed discount never exceeds the eligible lines, a reward never the rest, a gift card never the total', () => {
    const totals = computeOrderTotals({
      lines: [
        { price: 1000, quantity: 1, vatRate: 2100, discountable: true },
        { price: 2000, quantity: 1, vatRate: 2100, discountable: false },
      ],
      promotion: { type: 'fixed', value: 5000 }, // capped at the eligible 1000
      loyaltyReward: 2500, // capped at 3000 − 1000 = 2000
      giftCardBalance: 10_000,
    });
    assert.equal(totals.discount_amount, 1000);
    assert.equal(totals.loyalty_amount, 2000);
    assert.equal(totals.total, 0);
    assert.equal(totals.gift_card_amount, 0);
    assert.equal(totals.amount_due, 0);
    assert.equal(totals.vat_total, 0);
  });

  it('gift cards sold are added to the amount due but not to the total (not revenue, no VAT)', () => {
    const totals = computeOrderTotals({
      lines: [{ price: 1210, quantity: 1, vatRate: 2100, discountable: true }],
      giftCardBalance: 200,
      giftCardsSold: 5000,
    });
    assert.equal(totals.total, 1210);
    assert.equal(totals.vat_total, 210); // 1210 × 21 / 121
    assert.equal(totals.gift_card_amount, 200);
    assert.equal(totals.amount_due, 6010); // 1210 − 200 + 5000
  });

  it('totals never drift: Σ line nets = total and Σ line VAT = vat_total on many random orders', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 500; run += 1) {
      const lines = Array.from({ length: 1 + random(6) }, () => ({
        price: random(20_000),
        quantity: 1 + random(5),
        vatRate: [0, 900, 2100, 550][random(4)] ?? 0,
        discountable: random(2) === 1,
      }));
      const totals = computeOrderTotals({
        lines,
        promotion: random(2) ? { type: 'percentage', value: random(10_001) } : { type: 'fixed', value: random(9999) },
        loyaltyReward: random(3000),
        giftCardBalance: random(5000),
      });
      const nets = totals.lines.reduce((s, l) => s + l.line_total - l.discount_amount - l.loyalty_amount, 0);
      assert.equal(nets, totals.total);
      assert.equal(
        totals.lines.reduce((s, l) => s + l.vat_amount, 0),
        totals.vat_total,
      );
      assert.ok(totals.lines.every((l) => l.discount_amount + l.loyalty_amount <= l.line_total));
      assert.ok(totals.total >= 0 && totals.amount_due >= 0);
    }
  });
});
