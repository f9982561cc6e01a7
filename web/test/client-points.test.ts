import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pointsOf } from '../src/routes/clients/points.js';

describe("a client's points corrected, as typed", () => {
  it('reads a signed whole number', () => {
    assert.equal(pointsOf('50'), 50);
    assert.equal(pointsOf(' -20 '), -20);
    assert.equal(pointsOf('+5'), 5);
    assert.equal(pointsOf('\u221230'), -30);
    assert.equal(pointsOf('10000000'), 10_000_000);
  });
  it('refuses 0, fractions, words and what the API does not take', () => {
    for (const text of ['', '0', '-0', '1.5', '1,5', 'ten', '5-', '10000001', '123456789']) {
      assert.equal(pointsOf(text), null, text);
    }
  });
});
