import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAtOrBelow, loadOnce } from '../src/lib/load-once.js';

describe("a chunk started at the office's start and asked for again by its page", () => {
  it('is fetched once: the page gets the promise the start began', async () => {
    let fetched = 0;
    const load = loadOnce(async () => ({ fetched: ++fetched }));
    const started = load();
    assert.equal(load(), started);
    assert.deepEqual(await load(), { fetched: 1 });
    assert.equal(fetched, 1);
  });

  it('a failed fetch is fetched again the next time (a retry after a network error)', async () => {
    let attempts = 0;
    const load = loadOnce(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return 'chunk';
    });
    await assert.rejects(load(), /offline/);
    assert.equal(await load(), 'chunk');
    assert.equal(attempts, 2);
  });

  it("an address holds its area's chunk segment by segment, never by a prefix of a word", () => {
    assert.ok(isAtOrBelow('/till', '/till'));
    assert.ok(isAtOrBelow('/till/receipts/4', '/till'));
    assert.ok(!isAtOrBelow('/tills', '/till'));
    assert.ok(!isAtOrBelow('/manage', '/manage/reports'));
    assert.ok(isAtOrBelow('/manage/reports/items', '/manage/reports'));
  });
});
