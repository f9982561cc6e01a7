import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { availableSlots, endOf, judgeRange, judgeStart, type DayInput, type StaffDay } from './engine.js';

/* The pure engine, without a database: one test per availability rule (docs/api.md "Online booking page"). */

const TZ = 'Europe/Amsterdam';
// Monday 2031-03-03, 08:00 in Amsterdam (CET, UTC+1): the day before every test date below.
const NOW = new Date('2031-03-03T07:00:00Z');

function staff(overrides: Partial<StaffDay> = {}): StaffDay {
  return { id: 1, shifts: [], defaultShifts: [], timeOff: false, bookings: [], ...overrides };
}

function day(overrides: Partial<DayInput> = {}): DayInput {
  return {
    date: '2031-03-04',
    timezone: TZ,
    now: NOW,
    durationMin: 60,
    slotMin: 60,
    bufferMin: 0,
    minLeadHours: 0,
    maxFutureDays: 90,
    openingHours: { open_time: '09:00', close_time: '13:00', is_closed: 0 },
    holiday: false,
    staff: [staff()],
    ...overrides,
  };
}

const starts = (input: DayInput) => availableSlots(input).map((slot) => slot.start_at.slice(11, 16));

describe('availability engine', () => {
  it('without shifts, a staff member works the salon opening hours of that weekday', () => {
    assert.deepEqual(starts(day()), ['09:00', '10:00', '11:00', '12:00']);
    assert.deepEqual(availableSlots(day())[0], {
      start_at: '2031-03-04 09:00:00',
      end_at: '2031-03-04 10:00:00',
      staff_id: 1,
    });
  });

  it('slots step by calendar_slot_min from midnight, and the whole service must fit before closing', () => {
    assert.deepEqual(starts(day({ slotMin: 30, durationMin: 90 })), [
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
  });

  it('a closed weekday, a holiday and no opening hours at all offer nothing', () => {
    assert.deepEqual(starts(day({ openingHours: { open_time: null, close_time: null, is_closed: 1 } })), []);
    assert.deepEqual(starts(day({ holiday: true })), []);
    assert.deepEqual(starts(day({ openingHours: null })), []);
  });

  it('a dated shift replaces the default shift, which replaces the opening hours', () => {
    const defaults = [{ start_time: '14:00', end_time: '16:00' }];
    assert.deepEqual(starts(day({ staff: [staff({ defaultShifts: defaults })] })), ['14:00', '15:00']);
    const shifts = [
      { start_time: '09:00', end_time: '10:00' },
      { start_time: '17:00', end_time: '18:30' },
    ];
    assert.deepEqual(starts(day({ staff: [staff({ defaultShifts: defaults, shifts })] })), ['09:00', '17:00']);
  });

  it('a gap between two shifts is not offered: a service must fit inside one shift', () => {
    const shifts = [
      { start_time: '09:00', end_time: '10:30' },
      { start_time: '11:00', end_time: '12:00' },
    ];
    assert.deepEqual(starts(day({ slotMin: 30, staff: [staff({ shifts })] })), ['09:00', '09:30', '11:00']);
  });

  it('time off covering the date offers nothing for that staff member', () => {
    assert.deepEqual(starts(day({ staff: [staff({ timeOff: true })] })), []);
  });

  it('an existing booking and calendar_buffer_min around it exclude overlapping starts', () => {
    const bookings = [{ start_at: '2031-03-04 10:00:00', end_at: '2031-03-04 11:00:00' }];
    assert.deepEqual(
      starts(day({ slotMin: 15, staff: [staff({ bookings })] })).filter((s) => s < '11:30'),
      ['09:00', '11:00', '11:15'],
    );
    assert.deepEqual(
      starts(day({ slotMin: 15, bufferMin: 15, staff: [staff({ bookings })] })).filter((s) => s < '11:30'),
      ['11:15'],
      'with a 15-minute buffer, 09:00-10:00 ends too close and 11:00 starts too close',
    );
  });

  it('a booking of the previous evening running past midnight blocks the morning', () => {
    const bookings = [{ start_at: '2031-03-03 23:00:00', end_at: '2031-03-04 09:30:00' }];
    assert.deepEqual(starts(day({ staff: [staff({ bookings })] })), ['10:00', '11:00', '12:00']);
  });

  it('booking_min_lead_hours: nothing starts before now + lead hours; the past never', () => {
    // Now is 2031-03-03 08:00 local; 26 hours ahead is 2031-03-04 10:00.
    assert.deepEqual(starts(day({ minLeadHours: 26 })), ['10:00', '11:00', '12:00']);
    assert.deepEqual(starts(day({ date: '2031-03-03' })), ['09:00', '10:00', '11:00', '12:00']);
    assert.deepEqual(
      starts(day({ date: '2031-03-03', now: new Date('2031-03-03T09:30:00Z') })),
      ['11:00', '12:00'],
      'today after 10:30 local: 09:00 and 10:00 are past',
    );
    assert.deepEqual(starts(day({ date: '2031-03-02' })), [], 'yesterday');
    assert.deepEqual(judgeStart(day({ date: '2031-03-02' }), '2031-03-02 10:00:00'), { ok: false, reason: 'past' });
    assert.deepEqual(judgeStart(day({ minLeadHours: 26 }), '2031-03-04 09:00:00'), { ok: false, reason: 'lead_time' });
  });

  it('booking_max_future_days counts calendar days in the salon zone from today', () => {
    assert.equal(starts(day({ date: '2031-03-04', maxFutureDays: 1 })).length, 4);
    assert.deepEqual(starts(day({ date: '2031-03-05', maxFutureDays: 1 })), []);
    assert.deepEqual(judgeStart(day({ date: '2031-03-05', maxFutureDays: 1 }), '2031-03-05 10:00:00'), {
      ok: false,
      reason: 'too_far',
    });
  });

  it('"today" is the salon zone\'s: 23:30 UTC is already tomorrow in Amsterdam', () => {
    // 2031-03-03 23:30Z is 2031-03-04 00:30 local: the 4th is today, the 3rd is past.
    const now = new Date('2031-03-03T23:30:00Z');
    assert.deepEqual(starts(day({ now, date: '2031-03-03' })), []);
    assert.equal(starts(day({ now, date: '2031-03-04' })).length, 4);
    assert.deepEqual(starts(day({ now, date: '2031-03-05', maxFutureDays: 0 })), []);
  });

  it('DST spring-forward day: lead hours are real hours across the change, and the skipped hour is never offered', () => {
    // Amsterdam springs forward on Sunday 2031-03-30 at 02:00 → 03:00.
    const now = new Date('2031-03-29T11:00:00Z'); // Saturday 12:00 CET
    const input = day({
      date: '2031-03-30',
      now,
      minLeadHours: 24,
      openingHours: { open_time: '09:00', close_time: '17:00', is_closed: 0 },
    });
    // 24 real hours after Saturday 12:00 CET is Sunday 13:00 CEST, not 12:00.
    assert.deepEqual(starts(input), ['13:00', '14:00', '15:00', '16:00']);
    const night = day({
      date: '2031-03-30',
      now,
      slotMin: 30,
      durationMin: 30,
      staff: [staff({ shifts: [{ start_time: '01:00', end_time: '04:00' }] })],
    });
    assert.deepEqual(starts(night), ['01:00', '01:30', '03:00', '03:30']);
    assert.deepEqual(judgeStart(night, '2031-03-30 02:30:00'), { ok: false, reason: 'off_grid' });
  });

  it('DST fall-back day: lead hours count the repeated hour', () => {
    // Amsterdam falls back on Sunday 2031-10-26 at 03:00 → 02:00; Saturday 12:00 CEST = 10:00Z.
    const input = day({
      date: '2031-10-26',
      now: new Date('2031-10-25T10:00:00Z'),
      minLeadHours: 24,
      openingHours: { open_time: '09:00', close_time: '17:00', is_closed: 0 },
    });
    // 24 real hours later is Sunday 11:00 CET.
    assert.deepEqual(starts(input), ['11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
  });

  it('any staff: one slot per start, given to the free member with the fewest booked minutes in the week', () => {
    const busy = staff({
      id: 1,
      weekMinutes: 60,
      bookings: [{ start_at: '2031-03-04 12:00:00', end_at: '2031-03-04 13:00:00' }],
    });
    const idle = staff({ id: 2, shifts: [{ start_time: '09:00', end_time: '11:00' }] });
    const slots = availableSlots(day({ staff: [busy, idle] }));
    assert.deepEqual(
      slots.map((slot) => [slot.start_at.slice(11, 16), slot.staff_id]),
      [
        ['09:00', 2],
        ['10:00', 2],
        ['11:00', 1],
      ],
    );
  });

  it('judgeStart accepts exactly the offered starts; a booked start is "taken", off-grid and outside-hours starts are refused', () => {
    const bookings = [{ start_at: '2031-03-04 10:00:00', end_at: '2031-03-04 11:00:00' }];
    const input = day({ staff: [staff({ bookings })] });
    for (const slot of availableSlots(input)) {
      assert.deepEqual(judgeStart(input, slot.start_at), { ok: true, staffId: slot.staff_id });
    }
    assert.deepEqual(judgeStart(input, '2031-03-04 10:00:00'), { ok: false, reason: 'taken' });
    assert.deepEqual(judgeStart(input, '2031-03-04 09:10:00'), { ok: false, reason: 'off_grid' });
    assert.deepEqual(judgeStart(input, '2031-03-04 12:30:00'), { ok: false, reason: 'off_grid' });
    assert.deepEqual(judgeStart(input, '2031-03-04 13:00:00'), { ok: false, reason: 'outside_hours' });
    assert.deepEqual(judgeStart(day({ holiday: true }), '2031-03-04 10:00:00'), { ok: false, reason: 'closed' });
  });

  it('endOf adds the duration on the wall clock, across midnight too', () => {
    assert.equal(endOf('2031-03-04 10:00:00', 90), '2031-03-04 11:30:00');
    assert.equal(endOf('2031-12-31 23:30:00', 60), '2032-01-01 00:30:00');
  });
  it("judgeRange: the desk's working-time rules (past, closed, outside hours), each skipped when ignored", () => {
    const input = day();
    assert.equal(judgeRange(input, 1, '2031-03-04 09:00:00', '2031-03-04 10:00:00', []), null);
    assert.equal(judgeRange(input, 1, '2031-03-04 12:30:00', '2031-03-04 13:30:00', []), 'outside_hours');
    assert.equal(judgeRange(input, 1, '2031-03-04 12:30:00', '2031-03-04 13:30:00', ['outside_hours']), null);
    assert.equal(judgeRange(day({ date: '2031-03-02' }), 1, '2031-03-02 10:00:00', '2031-03-02 11:00:00', []), 'past');
    assert.equal(judgeRange(day({ holiday: true }), 1, '2031-03-04 10:00:00', '2031-03-04 11:00:00', []), 'closed');
    assert.equal(
      judgeRange(day({ holiday: true }), 1, '2031-03-04 10:00:00', '2031-03-04 11:00:00', ['closed']),
      'outside_hours',
      'a closed day counts as outside working time',
    );
    const off = day({ staff: [staff({ timeOff: true })] });
    assert.equal(judgeRange(off, 1, '2031-03-04 10:00:00', '2031-03-04 11:00:00', []), 'closed');
    const unknown = day({ openingHours: null });
    assert.equal(
      judgeRange(unknown, 1, '2031-03-04 22:00:00', '2031-03-04 23:00:00', []),
      null,
      'no opening hours and no shifts: working time unknown, the rule does not apply',
    );
    const shifts = day({
      openingHours: null,
      staff: [staff({ shifts: [{ start_time: '14:00', end_time: '18:00' }] })],
    });
    assert.equal(judgeRange(shifts, 1, '2031-03-04 10:00:00', '2031-03-04 11:00:00', []), 'outside_hours');
  });
});
