import assert from 'node:assert/strict';
import { parseDate } from '@internationalized/date';
import { describe, it } from 'node:test';
import { dayOf, isClosedDay, wallClockInstant, weekdayOf, weekStart } from '../src/lib/datetime.js';
import { weekdaysFrom } from '../src/lib/weekdays.js';
import { formatClock, formatDuration, formatTime, weekdayName } from '../src/lib/format.js';

describe('the booking page’s dates and times', () => {
  it('a salon wall-clock time is read in the salon’s zone, whatever the machine’s zone', () => {
    assert.equal(wallClockInstant('2026-05-14 10:30:00', 'Europe/Amsterdam').toISOString(), '2026-05-14T08:30:00.000Z');
    assert.equal(wallClockInstant('2026-01-14 10:30:00', 'Europe/Amsterdam').toISOString(), '2026-01-14T09:30:00.000Z');
    assert.equal(wallClockInstant('2026-05-14 10:30:00', 'America/New_York').toISOString(), '2026-05-14T14:30:00.000Z');
  });

  it('on the daylight-saving change dates the wall clock still maps to the right instant', () => {
    // Europe/Amsterdam: 29 March 2026 02:00 → 03:00; 25 October 2026 03:00 → 02:00.
    assert.equal(wallClockInstant('2026-03-29 03:30:00', 'Europe/Amsterdam').toISOString(), '2026-03-29T01:30:00.000Z');
    assert.equal(wallClockInstant('2026-03-29 01:30:00', 'Europe/Amsterdam').toISOString(), '2026-03-29T00:30:00.000Z');
    assert.equal(wallClockInstant('2026-10-25 04:00:00', 'Europe/Amsterdam').toISOString(), '2026-10-25T03:00:00.000Z');
  });

  it('weekdays are numbered as the API numbers them (0 = Sunday), whatever the locale', () => {
    assert.equal(weekdayOf(parseDate('2026-11-22')), 0);
    assert.equal(weekdayOf(parseDate('2026-11-24')), 2);
    assert.equal(weekStart(1), 'mon');
    assert.equal(weekStart(0), 'sun');
    assert.equal(dayOf('2026-11-24 09:00:00').toString(), '2026-11-24');
  });

  it('closed weekdays and holidays are closed days; other days are not', () => {
    const hours = [
      { day_of_week: 0, is_closed: true },
      { day_of_week: 1, is_closed: false },
    ];
    const holidays = new Set(['2026-12-25']);
    assert.equal(isClosedDay(parseDate('2026-11-22'), hours, holidays), true);
    assert.equal(isClosedDay(parseDate('2026-11-23'), hours, holidays), false);
    assert.equal(isClosedDay(parseDate('2026-12-25'), hours, holidays), true);
    assert.equal(isClosedDay(parseDate('2026-11-24'), hours, holidays), false);
  });

  it('durations are written out; times follow the salon’s format and zone', () => {
    assert.equal(formatDuration(30, 'en-GB'), '30 minutes');
    assert.equal(formatDuration(90, 'en-GB'), '1 hour 30 minutes');
    assert.equal(formatDuration(60, 'nl-NL'), '1 uur');
    const instant = new Date('2026-05-14T12:30:00Z');
    assert.equal(formatTime(instant, 'en-GB', '24h', 'Europe/Amsterdam'), '14:30');
    assert.equal(formatTime(new Date('2026-05-14T07:05:00Z'), 'nl-NL', '24h', 'Europe/Amsterdam'), '09:05');
    assert.match(formatTime(instant, 'en-GB', '12h', 'Europe/Amsterdam'), /^2:30\s?pm$/i);
  });

  it('opening hours (HH:MM) follow the salon’s time format, in either language', () => {
    assert.equal(formatClock('09:00', 'en-GB', '24h'), '09:00');
    assert.equal(formatClock('17:30', 'nl-NL', '24h'), '17:30');
    assert.match(formatClock('09:00', 'en-GB', '12h'), /^9:00\s?am$/i);
    assert.match(formatClock('14:00', 'en-GB', '12h'), /^2:00\s?pm$/i);
    assert.match(formatClock('00:15', 'en-GB', '12h'), /^12:15\s?am$/i);
    assert.match(formatClock('12:00:00', 'nl-NL', '12h'), /^12:00\s?p\.?m\.?$/i);
  });

  it('the week runs from the salon’s first day, with the weekday names of the language', () => {
    assert.deepEqual(weekdaysFrom(1), [1, 2, 3, 4, 5, 6, 0]);
    assert.deepEqual(weekdaysFrom(0), [0, 1, 2, 3, 4, 5, 6]);
    assert.deepEqual(weekdaysFrom(6), [6, 0, 1, 2, 3, 4, 5]);
    assert.deepEqual(
      weekdaysFrom(1).map((day) => weekdayName(day, 'en-GB')),
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    );
    assert.equal(weekdayName(0, 'nl-NL'), 'zondag');
  });
});
