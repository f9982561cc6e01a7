import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { officeReturn, officeSignInHref } from '../src/lib/office-return.js';

describe('the office returns a member to the page they opened signed out', () => {
  it('a page of the office, with its query, is where the sign-in returns to', () => {
    assert.equal(officeReturn('/bookings/8'), '/bookings/8');
    assert.equal(officeReturn('/calendar?date=2026-12-03&view=day'), '/calendar?date=2026-12-03&view=day');
    assert.equal(officeSignInHref('/bookings/8'), '/login?return=%2Fbookings%2F8');
    // The address bar's query comes percent-encoded (a search typed with spaces).
    assert.equal(officeReturn('/clients?q=06%201234'), '/clients?q=06%201234');
  });

  it('another site, a scheme, a protocol-relative or backslashed path, or the sign-in page itself returns to the start page', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
      '/login?return=/x',
      '',
      null,
      undefined,
    ]) {
      assert.equal(officeReturn(value), '/', String(value));
    }
  });

  it('the start page needs no return', () => {
    assert.equal(officeSignInHref('/'), '/login');
  });
});
