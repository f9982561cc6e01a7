import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { historyMode, NO_CHOICES, readChoices, writeChoices } from '../src/lib/booking-url.js';

describe("the booking's choices in the address", () => {
  it('reads services in the order given, who, the day and the time', () => {
    assert.deepEqual(readChoices('?services=5,3&staff=2&date=2026-12-03&time=10:00'), {
      services: [5, 3],
      staff: 2,
      date: '2026-12-03',
      time: '10:00',
    });
    assert.deepEqual(readChoices('services=3%2C5&time=10%3A00&date=2026-12-03'), {
      services: [3, 5],
      staff: null,
      date: '2026-12-03',
      time: '10:00',
    });
  });

  it('leaves out what cannot be read: a wrong id, a repeated service, a day that does not exist, a time without its day', () => {
    assert.deepEqual(readChoices('?services=3,x,0,-1,3,7&staff=abc&date=2026-02-31&time=10:00'), {
      services: [3, 7],
      staff: null,
      date: null,
      time: null,
    });
    assert.equal(readChoices('?date=2026-12-03&time=24:00').time, null);
    assert.equal(readChoices('?date=2026-12-03&time=9:00').time, null);
    assert.equal(readChoices('?date=2028-02-29').date, '2028-02-29');
    assert.deepEqual(readChoices(''), NO_CHOICES);
  });

  it('writes readable text, keeping the other parameters (embed, language) and dropping what depends on a missing choice', () => {
    const choices = { services: [3, 5], staff: 2, date: '2026-12-03', time: '10:00' };
    assert.equal(
      writeChoices('?embed=1&lang=nl&time=09:00', choices),
      '?embed=1&lang=nl&services=3,5&staff=2&date=2026-12-03&time=10:00',
    );
    assert.equal(writeChoices('?embed=1', { ...choices, date: null }), '?embed=1&services=3,5&staff=2');
    assert.equal(writeChoices('?services=3&date=2026-12-03', NO_CHOICES), '');
    assert.deepEqual(readChoices(writeChoices('', choices)), choices);
  });

  it('a further step adds to the history; any other change replaces the current entry', () => {
    const services = { ...NO_CHOICES, services: [3] };
    const day = { ...services, date: '2026-12-03' };
    const time = { ...day, time: '10:00' };
    assert.equal(historyMode(NO_CHOICES, services), 'push');
    assert.equal(historyMode(services, day), 'push');
    assert.equal(historyMode(day, time), 'push');
    assert.equal(historyMode(services, { ...services, services: [3, 5] }), 'replace');
    assert.equal(historyMode(day, { ...day, date: '2026-12-04' }), 'replace');
    assert.equal(historyMode(time, { ...time, time: '11:00' }), 'replace');
    assert.equal(historyMode(time, { ...day, staff: 2 }), 'replace');
    assert.equal(historyMode(time, NO_CHOICES), 'replace');
  });
});
