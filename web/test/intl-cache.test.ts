import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatMoney } from '../src/lib/format.js';
import { dateTimeFormat, numberFormat } from '../src/lib/intl-cache.js';

describe('Intl formatters made once (web/src/lib/intl-cache.ts)', () => {
  it('the same locale and options give the same formatter; other options another', () => {
    const euros = numberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
    assert.equal(numberFormat('nl-NL', { style: 'currency', currency: 'EUR' }), euros);
    assert.notEqual(numberFormat('en-GB', { style: 'currency', currency: 'EUR' }), euros);
    assert.notEqual(numberFormat('nl-NL', { style: 'currency', currency: 'USD' }), euros);
    const time = dateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' });
    assert.equal(dateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' }), time);
    assert.notEqual(dateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }), time);
  });

  it('a formatter Intl refuses is not kept: an unknown currency still falls back to the amount and its code, every time', () => {
    assert.throws(() => numberFormat('en-GB', { style: 'currency', currency: 'EURO' }), RangeError);
    assert.equal(formatMoney(12.5, 'EURO', 'en-GB'), '12.50 EURO');
    assert.equal(formatMoney(12.5, 'EURO', 'en-GB'), '12.50 EURO');
    assert.equal(formatMoney(12.5, 'EUR', 'en-GB'), '€12.50');
  });
});
