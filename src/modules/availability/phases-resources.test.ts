import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { availableSlots, judgeStart, overCapacity, type DayInput, type StaffDay } from './engine.js';
import { judgeVisitStart, visitSlots, type VisitInput } from './visit-engine.js';

/* The pure engine's salon rules: processing phases, per-member duration, resources, scheduling, visits. */

const TZ = 'Europe/Amsterdam';
const NOW = new Date('2031-03-03T07:00:00Z');
const D = '2031-03-04';

function staff(overrides: Partial<StaffDay> = {}): StaffDay {
  return { id: 1, shifts: [], defaultShifts: [], timeOff: false, bookings: [], ...overrides };
}

function day(overrides: Partial<DayInput> = {}): DayInput {
  return {
    date: D,
    timezone: TZ,
    now: NOW,
    durationMin: 30,
    slotMin: 15,
    bufferMin: 0,
    minLeadHours: 0,
    maxFutureDays: 90,
    openingHours: { open_time: '09:00', close_time: '17:00', is_closed: 0 },
    holiday: false,
    staff: [staff()],
    ...overrides,
  };
}

const starts = (input: DayInput) => availableSlots(input).map((slot) => slot.start_at.slice(11, 16));
const between = (list: string[], from: string, to: string) => list.filter((s) => s >= from && s < to);

/** Member 1 colours a client 10:00–12:00, the colour developing 10:45–11:30. */
const colour = {
  start_at: `${D} 10:00:00`,
  end_at: `${D} 12:00:00`,
  processing_start_at: `${D} 10:45:00`,
  processing_end_at: `${D} 11:30:00`,
};

describe('availability engine: phases, who does what, resources', () => {
  it("processing-time overlap: a second client's 30-minute cut fits in the first client's processing gap; a 60-minute one does not", () => {
    const cut = day({ staff: [staff({ bookings: [colour] })] });
    assert.deepEqual(between(starts(cut), '09:00', '12:30'), [
      '09:00',
      '09:15',
      '09:30',
      '10:45',
      '11:00',
      '12:00',
      '12:15',
    ]);
    assert.deepEqual(judgeStart(cut, `${D} 10:45:00`), { ok: true, staffId: 1 });
    assert.deepEqual(judgeStart(cut, `${D} 10:30:00`), { ok: false, reason: 'taken' });
    const long = day({ durationMin: 60, staff: [staff({ bookings: [colour] })] });
    assert.deepEqual(between(starts(long), '09:00', '12:15'), ['09:00', '12:00']);
    assert.deepEqual(judgeStart(long, `${D} 10:45:00`), { ok: false, reason: 'taken' });
  });

  it('processing time of the new booking: its busy parts may wrap around another booking of the member', () => {
    // A 120-minute colour with processing 45–90 min fits around a 10:45–11:15 cut.
    const input = day({
      durationMin: 120,
      staff: [
        staff({
          bookings: [{ start_at: `${D} 10:45:00`, end_at: `${D} 11:15:00` }],
          processing: { startMin: 45, endMin: 90 },
        }),
      ],
    });
    assert.deepEqual(judgeStart(input, `${D} 10:00:00`), { ok: true, staffId: 1 });
    assert.deepEqual(judgeStart(input, `${D} 10:15:00`), { ok: false, reason: 'taken' });
  });

  it('calendar_buffer_min applies around each busy part, processing gaps included', () => {
    const input = day({ bufferMin: 15, staff: [staff({ bookings: [colour] })] });
    assert.deepEqual(between(starts(input), '10:00', '12:00'), []);
  });

  it('per-member duration: a member with a longer duration of the service gets longer slots', () => {
    const slots = availableSlots(day({ staff: [staff({ durationMin: 45 })] }));
    assert.equal(slots[0]!.start_at, `${D} 09:00:00`);
    assert.equal(slots[0]!.end_at, `${D} 09:45:00`);
    assert.equal(slots.at(-1)!.start_at, `${D} 16:15:00`, 'the last start leaves the full 45 minutes before 17:00');
  });

  it('resource capacity 2: a third overlapping booking needing the resource is not offered', () => {
    const holds = [
      { start_at: `${D} 10:00:00`, end_at: `${D} 11:00:00` },
      { start_at: `${D} 10:30:00`, end_at: `${D} 11:30:00` },
    ];
    const input = day({ resources: [{ id: 7, capacity: 2, holds }] });
    assert.deepEqual(between(starts(input), '09:30', '12:00'), [
      '09:30',
      '09:45',
      '10:00',
      '11:00',
      '11:15',
      '11:30',
      '11:45',
    ]);
    assert.deepEqual(judgeStart(input, `${D} 10:15:00`), { ok: false, reason: 'resource_full' });
    const one = day({ resources: [{ id: 7, capacity: 2, holds: holds.slice(0, 1) }] });
    assert.deepEqual(judgeStart(one, `${D} 10:15:00`), { ok: true, staffId: 1 }, 'a second holder fits');
  });

  it('overCapacity counts holders at every instant, back-to-back holders never overlapping', () => {
    const holds = [
      { start: 60, end: 120 },
      { start: 120, end: 180 },
    ];
    assert.equal(overCapacity(holds, 2, 60, 180), false);
    assert.equal(overCapacity(holds, 1, 60, 180), true);
    assert.equal(overCapacity([...holds, { start: 90, end: 150 }], 2, 100, 110), true);
    assert.equal(overCapacity([...holds, { start: 90, end: 150 }], 2, 150, 170), false);
  });

  it('hide_unscheduled_staff: a member with neither a dated nor a default shift is no candidate', () => {
    const scheduled = staff({ id: 2, defaultShifts: [{ start_time: '13:00', end_time: '14:00' }] });
    const members = [staff({ id: 1 }), scheduled];
    assert.equal(starts(day({ staff: members }))[0], '09:00', 'shown: member 1 works the opening hours');
    assert.deepEqual(
      availableSlots(day({ staff: members, hideUnscheduled: true })).map((slot) => [
        slot.start_at.slice(11, 16),
        slot.staff_id,
      ]),
      [
        ['13:00', 2],
        ['13:15', 2],
        ['13:30', 2],
      ],
    );
  });
});

function visit(overrides: Partial<VisitInput> = {}): VisitInput {
  const { durationMin: _unused, ...rest } = day();
  return {
    ...rest,
    staff: [staff({ id: 1 }), staff({ id: 2 })],
    parts: [
      // A colour by member 1 only: 120 minutes, processing 45–90.
      {
        serviceId: 10,
        resourceIds: [],
        performers: [{ staffId: 1, durationMin: 120, processing: { startMin: 45, endMin: 90 } }],
      },
      // A cut by either member, 30 minutes (member 2 takes 45).
      {
        serviceId: 11,
        resourceIds: [],
        performers: [
          { staffId: 1, durationMin: 30, processing: null },
          { staffId: 2, durationMin: 45, processing: null },
        ],
      },
    ],
    ...overrides,
  };
}

describe('availability engine: visits of several services', () => {
  it('visit availability with two stylists: parts back to back, each to the least booked free performer', () => {
    const busyTwo = staff({ id: 2, bookings: [{ start_at: `${D} 08:00:00`, end_at: `${D} 08:30:00` }] });
    const slots = visitSlots(visit({ staff: [staff({ id: 1 }), busyTwo] }));
    assert.deepEqual(slots[0], {
      start_at: `${D} 09:00:00`,
      end_at: `${D} 11:30:00`,
      parts: [
        { service_id: 10, staff_id: 1, start_at: `${D} 09:00:00`, end_at: `${D} 11:00:00` },
        { service_id: 11, staff_id: 1, start_at: `${D} 11:00:00`, end_at: `${D} 11:30:00` },
      ],
    });
    assert.equal(slots.at(-1)!.start_at, `${D} 14:30:00`, 'the whole visit must end by 17:00');
  });

  it('visit: the same member may do consecutive parts; when they are busy the other performer takes the part', () => {
    const one = staff({ id: 1, bookings: [{ start_at: `${D} 11:00:00`, end_at: `${D} 11:30:00` }] });
    const verdict = judgeVisitStart(visit({ staff: [one, staff({ id: 2 })] }), `${D} 09:00:00`);
    assert.ok(verdict.ok);
    assert.deepEqual(
      verdict.parts.map((part) => [part.staffId, part.startAt.slice(11, 16), part.endAt.slice(11, 16)]),
      [
        [1, '09:00', '11:00'],
        [2, '11:00', '11:45'],
      ],
    );
    assert.equal(verdict.parts[0]!.processingStartAt, `${D} 09:45:00`);
    assert.equal(verdict.parts[1]!.processingStartAt, null);
  });

  it('judgeVisit refusing with the part index: the part nobody can place, and why', () => {
    const one = staff({ id: 1, bookings: [{ start_at: `${D} 11:00:00`, end_at: `${D} 11:30:00` }] });
    const onlyOne = visit({ staff: [one] });
    assert.deepEqual(judgeVisitStart(onlyOne, `${D} 09:00:00`), { ok: false, part: 1, reason: 'taken' });
    assert.deepEqual(judgeVisitStart(visit(), `${D} 15:30:00`), { ok: false, part: 0, reason: 'outside_hours' });
    assert.deepEqual(judgeVisitStart(visit(), `${D} 15:00:00`), { ok: false, part: 1, reason: 'outside_hours' });
    assert.deepEqual(judgeVisitStart(visit(), `${D} 09:05:00`), { ok: false, part: 0, reason: 'off_grid' });
    assert.equal(judgeVisitStart(visit(), `${D} 09:05:00`, ['off_grid']).ok, true, 'the desk may skip the grid');
  });

  it("visit: a second part may use its own member during the first part's processing only if the busy parts do not intersect", () => {
    // Member 1 does both: colour 09:00–11:00 (free 09:45–10:30), then the cut 11:00–11:30.
    const input = visit({
      parts: [
        visit().parts[0]!,
        { serviceId: 11, resourceIds: [], performers: [{ staffId: 1, durationMin: 30, processing: null }] },
      ],
    });
    assert.equal(judgeVisitStart(input, `${D} 09:00:00`).ok, true);
  });

  it('visit: resources are counted across the parts of the visit itself', () => {
    const sink = { serviceId: 12, resourceIds: [7], performers: [{ staffId: 2, durationMin: 30, processing: null }] };
    const input = visit({
      parts: [
        { serviceId: 10, resourceIds: [7], performers: [{ staffId: 1, durationMin: 30, processing: null }] },
        sink,
      ],
      resources: [{ id: 7, capacity: 1, holds: [{ start_at: `${D} 09:30:00`, end_at: `${D} 10:00:00` }] }],
    });
    assert.deepEqual(judgeVisitStart(input, `${D} 09:00:00`), { ok: false, part: 1, reason: 'resource_full' });
    assert.equal(judgeVisitStart(input, `${D} 10:00:00`).ok, true);
  });
});
