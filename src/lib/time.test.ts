import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { engineFreeSkip } from '../../test/helpers/engine-free.js';
import { dstGap } from '../modules/availability/engine.js';
import { addDays, formatDate, formatInstant, instantOfLocal, isValidDate, todayIn, weekdayOfDate } from './time.js';

/*
 * The zone offsets and calendar arithmetic are computed without luxon (it asked Intl on every
 * call, the top cost of a list's timestamps); luxon stays the reference they are checked against.
 *
 * Where the code can go wrong is at an offset change, a midnight, a year's end and a leap day:
 * every one of those in the 13 years is checked densely. Between them the offset is constant, so
 * the ordinary instants and days are a sparse sample (every 37 hours, every 5th day), at hours
 * and weekdays that walk around the clock and the week. Pure code: run once, not per engine.
 */

const ZONES = [
  'Europe/Amsterdam',
  'America/New_York',
  'America/St_Johns', // -03:30, DST
  'Australia/Lord_Howe', // a 30-minute DST change
  'Asia/Kathmandu', // +05:45
  'Pacific/Chatham', // +12:45 / +13:45
  'America/Santiago', // changes at midnight
  'Asia/Beirut', // changes at midnight
  'Africa/Casablanca', // four changes a year (Ramadan)
  'Asia/Tehran',
  'UTC',
];
const FROM = Date.UTC(2018, 0, 1);
const TO = Date.UTC(2031, 0, 1);
const DAY = 86_400_000;
const MINUTE = 60_000;

function luxonFormat(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toFormat('yyyy-MM-dd HH:mm:ss');
}

const changesOf = new Map<string, number[]>();

/** Every offset change of the zone in [FROM, TO), to the minute, found from luxon's offsets. */
function transitions(zone: string): number[] {
  const known = changesOf.get(zone);
  if (known) return known;
  const found: number[] = [];
  const offset = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
  let before = offset(FROM);
  for (let day = FROM; day < TO; day += DAY) {
    const after = offset(day + DAY);
    if (after !== before) {
      // The first minute of the day with the new offset (a zone changes at most once a day).
      let low = day; // the old offset
      let high = day + DAY; // the new one
      while (high - low > MINUTE) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
        if (offset(middle) === before) low = middle;
        else high = middle;
      }
      found.push(high);
    }
    before = after;
  }
  changesOf.set(zone, found);
  return found;
}

/** The instants of local midnight that start a year, a leap day and the 1st of March, each year. */
function calendarEdges(zone: string): number[] {
  const edges: number[] = [];
  for (let year = 2018; year <= 2030; year += 1) {
    for (const date of [`${year}-01-01`, `${year}-02-29`, `${year}-03-01`]) {
      const midnight = DateTime.fromISO(`${date}T00:00`, { zone });
      if (midnight.isValid) edges.push(midnight.toMillis());
    }
  }
  return edges;
}

/** The days checked one by one: every 5th, each day around a change, a year's end and a leap day. */
function daysToCheck(changes: number[]): number[] {
  const days = new Set<number>();
  for (let ms = FROM; ms < TO; ms += 5 * DAY) days.add(ms);
  for (const change of changes) {
    const day = change - (change % DAY);
    for (const near of [day - DAY, day, day + DAY]) days.add(near);
  }
  for (let year = 2018; year <= 2030; year += 1) {
    for (const [month, day] of [
      [0, 1],
      [1, 28],
      [1, 29],
      [2, 1],
      [11, 31],
    ] as const) {
      const ms = Date.UTC(year, month, day);
      if (new Date(ms).getUTCMonth() === month) days.add(ms);
    }
  }
  return [...days].filter((ms) => ms >= FROM && ms < TO).sort((a, b) => a - b);
}

describe('time without luxon, checked against luxon', { skip: engineFreeSkip() }, () => {
  for (const zone of ZONES) {
    it(`${zone}: instants over 13 years, around every offset change and at every year's end and leap day format as luxon does`, () => {
      const changes = transitions(zone);
      if (zone !== 'UTC' && zone !== 'Asia/Kathmandu') assert.ok(changes.length >= 2, `${zone} changes its offset`);
      // Every ~37 hours, at a varying minute, second and millisecond (the hour walks round the clock)…
      for (let ms = FROM, i = 0; ms < TO; ms += 37 * 3_600_000 + (i % 59) * 61_013, i += 1) {
        const iso = new Date(ms).toISOString();
        assert.equal(formatInstant(iso, zone), luxonFormat(ms, zone), iso);
      }
      // …every minute of the half hour around each change and every 10 minutes of the two hours,
      // with the millisecond on either side…
      for (const change of changes) {
        for (let ms = change - 7_200_000; ms <= change + 7_200_000; ms += MINUTE) {
          if (Math.abs(ms - change) > 15 * MINUTE && (ms - change) % (10 * MINUTE) !== 0) continue;
          for (const at of [ms - 1, ms, ms + 1]) {
            assert.equal(formatDate(new Date(at), zone), luxonFormat(at, zone), new Date(at).toISOString());
          }
        }
      }
      // …and the local midnights that start a year, a leap day and March.
      for (const midnight of calendarEdges(zone)) {
        for (const at of [midnight - 1, midnight, midnight + 1]) {
          assert.equal(formatDate(new Date(at), zone), luxonFormat(at, zone), new Date(at).toISOString());
        }
      }
    });

    it(`${zone}: today, wall-clock instants and the DST gap of the days around changes, year ends and leap days, and every 5th, as luxon gives them`, () => {
      for (const ms of daysToCheck(transitions(zone))) {
        const date = new Date(ms).toISOString().slice(0, 10);
        assert.equal(todayIn(zone, new Date(ms + 37_000_123)), luxonFormat(ms + 37_000_123, zone).slice(0, 10));
        assert.deepEqual(dstGap(date, zone), luxonGap(date, zone), date);
        for (const time of ['00:00', '02:30', '23:59']) {
          const local = Date.parse(`${date}T${time}:00.000Z`);
          const expected = DateTime.fromISO(`${date}T${time}`, { zone });
          const candidates = [expected.toMillis()];
          // An ambiguous wall clock (the hour repeated when clocks go back) may be either instant.
          const other = expected.plus({ hours: -1 });
          if (other.toFormat('HH:mm') === time) candidates.push(other.toMillis());
          const later = expected.plus({ hours: 1 });
          if (later.toFormat('HH:mm') === time) candidates.push(later.toMillis());
          assert.ok(candidates.includes(instantOfLocal(local, zone)), `${date} ${time}`);
        }
      }
    });
  }

  it('an unknown zone is written as luxon writes it', () => {
    assert.equal(formatInstant('2026-03-01T10:00:00.000Z', 'Nowhere/Else'), 'Invalid DateTime');
    assert.equal(formatInstant('2026-03-01T10:00:00.000Z', 'UTC+3'), '2026-03-01 13:00:00');
    assert.equal(formatInstant(null, 'Europe/Amsterdam'), null);
  });

  it('instants before 1970 and at the ends of years 1000–9999 are written as luxon writes them', () => {
    const instants = [
      '1969-12-31T23:59:59.999Z',
      '1950-06-15T12:34:56.789Z',
      '1000-01-01T00:00:00.000Z',
      '0999-12-31T23:59:59.000Z',
      '9999-12-31T22:59:59.000Z',
      '9999-12-31T23:30:00.000Z',
    ];
    for (const zone of ['Europe/Amsterdam', 'America/New_York', 'Asia/Kathmandu']) {
      for (const iso of instants) {
        assert.equal(formatInstant(iso, zone), luxonFormat(Date.parse(iso), zone), `${iso} in ${zone}`);
      }
    }
  });

  it('calendar days: validity, adding days and the weekday as luxon counts them', () => {
    // Every 17th day (the weekday walks through the week), and each year's end, leap day and 1st of March.
    const days = new Set<number>();
    for (let ms = Date.UTC(1899, 0, 1); ms < Date.UTC(2101, 0, 1); ms += DAY * 17) days.add(ms);
    for (let year = 1899; year <= 2100; year += 1) {
      for (const ms of [Date.UTC(year, 0, 1), Date.UTC(year, 1, 28), Date.UTC(year, 2, 1), Date.UTC(year, 11, 31)]) {
        for (const near of [ms - DAY, ms, ms + DAY]) days.add(near);
      }
    }
    for (const ms of days) {
      const date = new Date(ms).toISOString().slice(0, 10);
      const day = DateTime.fromISO(date, { zone: 'utc' });
      assert.equal(weekdayOfDate(date), day.weekday % 7, date);
      assert.equal(addDays(date, 1), day.plus({ days: 1 }).toFormat('yyyy-MM-dd'));
      assert.equal(addDays(date, -1), day.minus({ days: 1 }).toFormat('yyyy-MM-dd'));
      assert.equal(addDays(date, 400), day.plus({ days: 400 }).toFormat('yyyy-MM-dd'));
    }
    for (const year of ['0000', '0004', '0099', '0100', '1900', '2000', '2023', '2024', '2100', '9999']) {
      for (let month = 0; month <= 13; month += 1) {
        for (let day = 0; day <= 32; day += 1) {
          const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          assert.equal(isValidDate(date), DateTime.fromFormat(date, 'yyyy-MM-dd', { zone: 'utc' }).isValid, date);
        }
      }
    }
    for (const text of ['2026-1-01', '2026-01-01 ', ' 2026-01-01', '20260101', '2026-02-30', 'x']) {
      assert.equal(isValidDate(text), false, text);
    }
  });
});

/** The DST gap as the engine computed it with luxon: the first wall-clock minute that does not round-trip. */
function luxonGap(date: string, timezone: string): { start: number; end: number } | null {
  const midnight = DateTime.fromISO(`${date}T00:00`, { zone: timezone });
  const endOfDay = DateTime.fromISO(`${date}T23:59`, { zone: timezone });
  const jump = endOfDay.offset - midnight.offset;
  if (jump <= 0) return null;
  for (let minute = 0; minute < 1440; minute += 1) {
    const at = midnight.set({ hour: Math.floor(minute / 60), minute: minute % 60 });
    if (at.hour * 60 + at.minute !== minute) return { start: minute, end: minute + jump };
  }
  return null;
}
