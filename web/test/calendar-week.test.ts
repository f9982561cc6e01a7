import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resourcesByBooking } from '../src/routes/desk/calendar/day/resources.js';
import { slotKeyTarget } from '../src/routes/desk/calendar/day/slot-keys.js';
import { weekDates } from '../src/routes/desk/calendar/week/week-days.js';

describe('the week view’s days', () => {
  it('the week starts on the salon’s first day of the week: Monday (1) or Sunday (0), whichever day is asked', () => {
    const monday = ['2031-03-03', '2031-03-04', '2031-03-05', '2031-03-06', '2031-03-07', '2031-03-08', '2031-03-09'];
    assert.deepEqual(weekDates('2031-03-03', 1), monday);
    assert.deepEqual(weekDates('2031-03-05', 1), monday);
    assert.deepEqual(weekDates('2031-03-09', 1), monday, 'a Sunday ends a Monday week');
    assert.deepEqual(weekDates('2031-03-09', 0)[0], '2031-03-09', 'and starts a Sunday week');
    assert.deepEqual(weekDates('2031-03-08', 0)[0], '2031-03-02');
    assert.deepEqual(weekDates('2031-03-08', 6)[0], '2031-03-08', 'a Saturday week');
  });

  it('a week across the change to summer time and the turn of the year keeps seven calendar days', () => {
    assert.deepEqual(weekDates('2031-03-30', 1), [
      '2031-03-24',
      '2031-03-25',
      '2031-03-26',
      '2031-03-27',
      '2031-03-28',
      '2031-03-29',
      '2031-03-30',
    ]);
    assert.deepEqual(weekDates('2031-01-01', 1), [
      '2030-12-30',
      '2030-12-31',
      '2031-01-01',
      '2031-01-02',
      '2031-01-03',
      '2031-01-04',
      '2031-01-05',
    ]);
  });
});

describe('the calendar’s resources per booking', () => {
  it('each booking lists the resources holding it, in the day’s order; a booking holding none is absent', () => {
    const held = resourcesByBooking({
      resources: [
        { name: 'Basin', bookings: [10, 11] },
        { name: 'Room', bookings: [11] },
        { name: 'Steamer', bookings: [] },
      ],
    });
    assert.deepEqual(Object.fromEntries(held), { 10: ['Basin'], 11: ['Basin', 'Room'] });
  });
});

describe('the calendar grid’s keys', () => {
  const size = { columns: 7, rows: 20 };
  it('arrows move a slot or a column and stop at the edges; Home/End and PageUp/PageDown jump', () => {
    assert.deepEqual(slotKeyTarget('ArrowRight', { column: 1, row: 5 }, size), [2, 5]);
    assert.deepEqual(slotKeyTarget('ArrowRight', { column: 6, row: 5 }, size), [6, 5]);
    assert.deepEqual(slotKeyTarget('ArrowLeft', { column: 0, row: 5 }, size), [0, 5]);
    assert.deepEqual(slotKeyTarget('ArrowUp', { column: 1, row: 0 }, size), [1, 0]);
    assert.deepEqual(slotKeyTarget('ArrowDown', { column: 1, row: 19 }, size), [1, 19]);
    assert.deepEqual(slotKeyTarget('Home', { column: 3, row: 9 }, size), [3, 0]);
    assert.deepEqual(slotKeyTarget('End', { column: 3, row: 9 }, size), [3, 19]);
    assert.deepEqual(slotKeyTarget('PageDown', { column: 3, row: 17 }, size), [3, 19]);
    assert.deepEqual(slotKeyTarget('PageUp', { column: 3, row: 9 }, size), [3, 5]);
    assert.equal(slotKeyTarget('a', { column: 3, row: 9 }, size), null);
  });
});
