import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { asPage, isPage, MAX_PAGE_SIZE, pageQuery, type Page } from '../src/api/pages.js';
import type { components } from '../src/api/schema.gen.js';

type Booking = components['schemas']['Booking'];
type BookingPage = components['schemas']['BookingPage'];

const booking = (id: number) => ({ id }) as Booking;

describe("a list's answer as a page (the interface's pagination)", () => {
  it('without `page` the service answers every row as a plain array: the whole list on page 1 of 1', () => {
    const rows = [booking(1), booking(2), booking(3)];
    const page: Page<Booking> = asPage<Booking>(rows);
    assert.equal(isPage<Booking>(rows), false);
    assert.deepEqual(page, { data: rows, page: 1, limit: 3, total: 3, total_pages: 1 });
    assert.deepEqual(asPage<Booking>([]), { data: [], page: 1, limit: 0, total: 0, total_pages: 1 });
  });

  it('with `page` it answers { data, page, limit, total, total_pages }: kept as it is', () => {
    const answer: BookingPage = { data: [booking(51)], page: 2, limit: 50, total: 51, total_pages: 2 };
    const read: Booking[] | BookingPage = answer;
    assert.equal(isPage(read), true);
    assert.equal(asPage(read), answer);
  });

  it('asks for a page from 1, 50 rows unless told, never more than the service gives (200)', () => {
    assert.deepEqual(pageQuery(1), { page: 1, limit: 50 });
    assert.deepEqual(pageQuery(3, 20), { page: 3, limit: 20 });
    assert.deepEqual(pageQuery(0, 1000), { page: 1, limit: MAX_PAGE_SIZE });
    assert.deepEqual(pageQuery(2.7, 0), { page: 2, limit: 1 });
  });
});
