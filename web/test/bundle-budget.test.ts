import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BOOKING_BUDGET_BYTES, firstLoadJs } from '../build/bundle-size.js';

/*
 * The booking page's size budget: the JavaScript its first load needs (its entry and every
 * chunk the entry imports statically, not the chunks loaded later on demand), gzipped, at
 * most 120 KB. Read from the build's manifest (scripts/build-web.mjs builds before the tests).
 */

describe('web bundle budget', () => {
  it('the booking page (public.html) loads at most 120 KB of JavaScript, gzipped, at first', () => {
    const { files, gzipBytes } = firstLoadJs('public.html');
    console.log(`booking page first load: ${(gzipBytes / 1024).toFixed(1)} KB gzipped (${files.join(', ')})`);
    assert.ok(gzipBytes <= BOOKING_BUDGET_BYTES, `${gzipBytes} bytes > ${BOOKING_BUDGET_BYTES}`);
  });
});
