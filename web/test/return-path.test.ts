import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { safeReturn, signInHref } from '../src/lib/return-path.js';

describe('where a client returns after signing in', () => {
  it('a page of the booking site is kept, with its query', () => {
    assert.equal(safeReturn('/book'), '/book');
    assert.equal(safeReturn('/book?lang=nl&services=1,2'), '/book?lang=nl&services=1,2');
    assert.equal(safeReturn('/client/profile'), '/client/profile');
  });

  it('another site, a protocol-relative address or another page goes to my bookings instead', () => {
    for (const elsewhere of [
      'https://evil.example/book',
      '//evil.example/book',
      '/\\evil.example',
      '/api/public/me',
      'book',
      '',
    ]) {
      assert.equal(safeReturn(elsewhere), '/client/bookings', elsewhere);
    }
    assert.equal(safeReturn(null, '/book'), '/book');
  });

  it('the sign-in link carries the page to come back to, encoded', () => {
    assert.equal(signInHref('/book?lang=nl'), '/client/sign-in?return=%2Fbook%3Flang%3Dnl');
    assert.equal(
      safeReturn(new URLSearchParams(signInHref('/book?lang=nl').split('?')[1]).get('return')),
      '/book?lang=nl',
    );
  });
});
