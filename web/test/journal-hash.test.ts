import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shortHash } from '../src/routes/receipts/journal-hash.js';

describe("the till journal's hashes on its screen", () => {
  it('a hash shows its first eight and last four characters; a short one whole', () => {
    assert.equal(shortHash(`1234abcd${'0'.repeat(52)}ef99`), '1234abcd…ef99');
    assert.equal(shortHash('abc'), 'abc');
  });
});
