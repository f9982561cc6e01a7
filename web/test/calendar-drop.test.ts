import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { components } from '../src/api/schema.gen.js';
import { draggedSpan, dropConflicts, snapMinute } from '../src/routes/desk/calendar/move/drop-rules.js';

type Schemas = components['schemas'];

/*
 * Dragging a booking on the desk's day: where it lands (snapped to `calendar_slot_min`, within
 * the grid) and the conflicts shown before the drop, judged as the service judges them.
 */

const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const DATE = '2031-03-04';
const RANGE = { start: at('09:00'), end: at('18:00') };

function booking(id: number, staffId: number, from: string, to: string, more: Partial<Schemas['Booking']> = {}) {
  return {
    id,
    staff_id: staffId,
    start_at: `${DATE} ${from}:00`,
    end_at: `${DATE} ${to}:00`,
    status: 'scheduled',
    processing_start_at: null,
    processing_end_at: null,
    ...more,
  } as unknown as Schemas['Booking'];
}

function dayOf(bookings: Schemas['Booking'][], more: Partial<Schemas['DayView']> = {}): Schemas['DayView'] {
  return {
    date: DATE,
    holiday: null,
    opening_hours: { is_closed: 0, open_time: '09:00', close_time: '18:00' },
    staff: [
      { id: 1, name: 'Ana', working: [{ start_time: '09:00', end_time: '17:00' }], time_off: [] },
      {
        id: 2,
        name: 'Ben',
        working: [
          { start_time: '09:00', end_time: '12:00' },
          { start_time: '13:00', end_time: '17:00' },
        ],
        time_off: [],
      },
    ],
    resources: [],
    timezone: 'Europe/Amsterdam',
    bookings,
    ...more,
  };
}

const EARLIER = { date: '2031-03-01', minute: 0 };

describe('dragging a booking: where it lands', () => {
  it('snapMinute: a drop lands on the nearest step of calendar_slot_min', () => {
    assert.equal(snapMinute(at('10:07'), 15), at('10:00'));
    assert.equal(snapMinute(at('10:08'), 15), at('10:15'));
    assert.equal(snapMinute(at('10:29'), 30), at('10:30'));
  });

  it('a moved booking keeps its length, snapped, and stays within the grid’s hours', () => {
    const origin = { start: at('10:00'), end: at('11:00') };
    assert.deepEqual(draggedSpan('move', origin, 38, RANGE, 15), { start: at('10:45'), end: at('11:45') });
    assert.deepEqual(draggedSpan('move', origin, -600, RANGE, 15), { start: at('09:00'), end: at('10:00') });
    assert.deepEqual(draggedSpan('move', origin, 600, RANGE, 15), { start: at('17:00'), end: at('18:00') });
  });

  it('a resized booking keeps its start, ends on a step, and is at least one step long', () => {
    const origin = { start: at('10:00'), end: at('11:00') };
    assert.deepEqual(draggedSpan('resize', origin, 22, RANGE, 15), { start: at('10:00'), end: at('11:15') });
    assert.deepEqual(draggedSpan('resize', origin, -120, RANGE, 15), { start: at('10:00'), end: at('10:15') });
    assert.deepEqual(draggedSpan('resize', origin, 900, RANGE, 15), { start: at('10:00'), end: at('18:00') });
  });
});

describe('dragging a booking: the conflict shown before the drop', () => {
  const moving = booking(10, 1, '10:00', '11:00');

  it('none where the member works and is free', () => {
    const day = dayOf([moving, booking(11, 2, '15:00', '16:00')]);
    assert.deepEqual(dropConflicts(moving, { staffId: 2, start: at('14:00'), end: at('15:00') }, day, EARLIER), []);
  });

  it('booking_overlap: another booking of the member at that time (touching ends do not overlap; its own old place does not count)', () => {
    const day = dayOf([moving, booking(11, 2, '15:00', '16:00')]);
    const place = (from: string, to: string) => ({ staffId: 2, start: at(from), end: at(to) });
    assert.deepEqual(dropConflicts(moving, place('14:30', '15:30'), day, EARLIER), ['booking_overlap']);
    assert.deepEqual(dropConflicts(moving, place('16:00', '17:00'), day, EARLIER), []);
    assert.deepEqual(dropConflicts(moving, { staffId: 1, start: at('10:30'), end: at('11:30') }, day, EARLIER), []);
  });

  it('booking_overlap: a cancelled booking is no obstacle, and a processing phase is time the member is free', () => {
    const colour = booking(11, 2, '14:00', '16:00', {
      processing_start_at: `${DATE} 14:30:00`,
      processing_end_at: `${DATE} 15:30:00`,
    });
    const day = dayOf([moving, colour, booking(12, 2, '16:00', '17:00', { status: 'cancelled' })]);
    const place = (from: string, to: string) => ({ staffId: 2, start: at(from), end: at(to) });
    assert.deepEqual(dropConflicts(moving, place('14:30', '15:30'), day, EARLIER), []);
    assert.deepEqual(dropConflicts(moving, place('15:00', '16:00'), day, EARLIER), ['booking_overlap']);
    assert.deepEqual(dropConflicts(moving, place('16:00', '17:00'), day, EARLIER), []);
  });

  it('outside_working_time: across a break or past the end of the member’s windows', () => {
    const day = dayOf([moving]);
    assert.deepEqual(dropConflicts(moving, { staffId: 2, start: at('11:30'), end: at('12:30') }, day, EARLIER), [
      'outside_working_time',
    ]);
    assert.deepEqual(dropConflicts(moving, { staffId: 1, start: at('16:30'), end: at('17:30') }, day, EARLIER), [
      'outside_working_time',
    ]);
  });

  it('outside_working_time: a member on time off is off all day; one whose working time is unknown is not judged', () => {
    const day = dayOf([moving], {
      staff: [
        {
          id: 1,
          name: 'Ana',
          working: [],
          time_off: [{ id: 1, start_date: DATE, end_date: DATE, reason: 'Leave' }],
        },
        { id: 2, name: 'Ben', working: [], time_off: [] },
      ],
    });
    assert.deepEqual(dropConflicts(moving, { staffId: 1, start: at('10:15'), end: at('11:15') }, day, EARLIER), [
      'outside_working_time',
    ]);
    assert.deepEqual(dropConflicts(moving, { staffId: 2, start: at('10:15'), end: at('11:15') }, day, EARLIER), []);
  });

  it('in_the_past: a start moved to before now; a change of member or end alone is not judged by it', () => {
    const today = { date: DATE, minute: at('12:00') };
    const day = dayOf([moving]);
    assert.deepEqual(dropConflicts(moving, { staffId: 1, start: at('11:00'), end: at('12:00') }, day, today), [
      'in_the_past',
    ]);
    assert.deepEqual(dropConflicts(moving, { staffId: 1, start: at('13:00'), end: at('14:00') }, day, today), []);
    assert.deepEqual(dropConflicts(moving, { staffId: 2, start: at('10:00'), end: at('11:00') }, day, today), []);
    assert.deepEqual(dropConflicts(moving, { staffId: 1, start: at('10:00'), end: at('11:30') }, day, today), []);
    // A day gone by is past all day.
    assert.deepEqual(
      dropConflicts(moving, { staffId: 1, start: at('14:00'), end: at('15:00') }, day, {
        date: '2031-03-05',
        minute: 0,
      }),
      ['in_the_past'],
    );
  });

  it('holiday: nothing can be booked that day, whatever the member', () => {
    const day = dayOf([moving], { holiday: { name: 'Feast' } });
    assert.deepEqual(dropConflicts(moving, { staffId: 1, start: at('13:00'), end: at('14:00') }, day, EARLIER), [
      'holiday',
    ]);
  });
});
