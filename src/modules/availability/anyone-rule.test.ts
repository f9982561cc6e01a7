import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { availableSlots, judgeStart, type DayInput, type StaffDay } from './engine.js';
import { anyoneRuleOf } from './anyone-rule.js';
import { judgeVisitStart, visitSlots, type VisitInput } from './visit-engine.js';

/*
 * booking_anyone_rule in the pure engine: who of several free members takes a start. Each
 * fixture makes the rule's choice differ from what the other rules would choose.
 */

const D = '2031-03-04';
const NOW = new Date('2031-03-03T07:00:00Z');

function staff(overrides: Partial<StaffDay>): StaffDay {
  return { id: 1, shifts: [], defaultShifts: [], timeOff: false, bookings: [], ...overrides };
}

function day(overrides: Partial<DayInput>): DayInput {
  return {
    date: D,
    timezone: 'Europe/Amsterdam',
    now: NOW,
    durationMin: 60,
    slotMin: 60,
    bufferMin: 0,
    minLeadHours: 0,
    maxFutureDays: 90,
    openingHours: { open_time: '09:00', close_time: '17:00', is_closed: 0 },
    holiday: false,
    staff: [],
    ...overrides,
  };
}

const whoAt = (input: DayInput) =>
  Object.fromEntries(availableSlots(input).map((slot) => [slot.start_at.slice(11, 16), slot.staff_id]));

/** The offered member of every start is the member a booking at that start gets. */
function assertBookingAgrees(input: DayInput) {
  for (const slot of availableSlots(input)) {
    assert.deepEqual(judgeStart(input, slot.start_at), { ok: true, staffId: slot.staff_id });
  }
}

describe('booking_anyone_rule in the availability engine', () => {
  it('fewest_minutes_week: the fewest booked minutes in the week wins, not the fewest bookings that day', () => {
    // Member 1 has nothing that day but a full week; member 2 has one booking today and little else.
    const one = staff({ id: 1, weekMinutes: 600, latestBookingId: 5 });
    const two = staff({
      id: 2,
      weekMinutes: 60,
      latestBookingId: 9,
      bookings: [{ start_at: `${D} 16:00:00`, end_at: `${D} 17:00:00` }],
    });
    const input = day({ staff: [one, two], anyoneRule: 'fewest_minutes_week' });
    assert.equal(whoAt(input)['09:00'], 2);
    assert.equal(whoAt(input)['16:00'], 1, 'member 2 is busy then: the other free member takes it');
    assertBookingAgrees(input);
  });

  it('fewest_minutes_week: equal minutes go round: the member whose latest booking is oldest, then the lowest id', () => {
    const rotation = day({
      staff: [
        staff({ id: 1, weekMinutes: 60, latestBookingId: 40 }),
        staff({ id: 2, weekMinutes: 60, latestBookingId: 12 }),
      ],
    });
    assert.equal(whoAt(rotation)['09:00'], 2, 'the default rule applies without a setting');
    const fresh = day({ staff: [staff({ id: 3 }), staff({ id: 2 })] });
    assert.equal(whoAt(fresh)['09:00'], 2);
  });

  it('smallest_gap: the member whose other booking is nearest takes the start, whatever their week', () => {
    const one = staff({ id: 1, weekMinutes: 900, bookings: [{ start_at: `${D} 09:00:00`, end_at: `${D} 10:00:00` }] });
    const two = staff({ id: 2, weekMinutes: 0, bookings: [{ start_at: `${D} 13:00:00`, end_at: `${D} 14:00:00` }] });
    const three = staff({ id: 3, weekMinutes: 0 });
    const input = day({ staff: [one, two, three], anyoneRule: 'smallest_gap' });
    const who = whoAt(input);
    assert.equal(who['10:00'], 1, 'right after member 1: no gap, against two hours for member 2');
    assert.equal(who['12:00'], 2, 'right before member 2');
    assert.equal(who['11:00'], 2, 'an hour after member 1 or an hour before member 2: the fewer minutes in the week');
    assert.equal(who['09:00'], 2, 'a member without a booking that day comes last');
    assertBookingAgrees(input);
  });

  it('salon_order: the first free member of the staff list, whatever their week', () => {
    const one = staff({
      id: 1,
      weekMinutes: 900,
      latestBookingId: 99,
      bookings: [{ start_at: `${D} 09:00:00`, end_at: `${D} 10:00:00` }],
    });
    const two = staff({ id: 2, weekMinutes: 0 });
    const input = day({ staff: [two, one], anyoneRule: 'salon_order' });
    const who = whoAt(input);
    assert.equal(who['09:00'], 2, 'member 1 is busy then');
    assert.equal(who['10:00'], 1);
    assertBookingAgrees(input);
  });

  it('the same rule chooses each part of a visit: smallest_gap keeps the parts next to the member already booked', () => {
    const one = staff({ id: 1, weekMinutes: 0 });
    const two = staff({ id: 2, weekMinutes: 600, bookings: [{ start_at: `${D} 08:00:00`, end_at: `${D} 09:00:00` }] });
    const visit = (rule: VisitInput['anyoneRule']): VisitInput => ({
      ...day({}),
      staff: [one, two],
      anyoneRule: rule,
      parts: [10, 11].map((serviceId) => ({
        serviceId,
        resourceIds: [],
        performers: [1, 2].map((staffId) => ({ staffId, durationMin: 30, processing: null })),
      })),
    });
    const first = (rule: VisitInput['anyoneRule']) => visitSlots(visit(rule))[0]!.parts.map((part) => part.staff_id);
    assert.deepEqual(first('smallest_gap'), [2, 2]);
    assert.deepEqual(first('fewest_minutes_week'), [1, 1]);
    const verdict = judgeVisitStart(visit('smallest_gap'), `${D} 09:00:00`);
    assert.ok(verdict.ok);
    assert.deepEqual(
      verdict.parts.map((part) => part.staffId),
      [2, 2],
    );
  });

  it('an unknown stored rule reads as the default', () => {
    assert.equal(anyoneRuleOf('smallest_gap'), 'smallest_gap');
    assert.equal(anyoneRuleOf('whatever'), 'fewest_minutes_week');
    assert.equal(anyoneRuleOf(null), 'fewest_minutes_week');
  });
});
