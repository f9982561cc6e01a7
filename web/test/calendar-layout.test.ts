import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { layoutLanes } from '../src/routes/desk/calendar/day/lanes.js';
import { gridRange, offTime, slotStarts, spanOnDay } from '../src/routes/desk/calendar/day/time-grid.js';

const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const span = (id: number, from: string, to: string) => ({ id, start: at(from), end: at(to) });
const lanesOf = (places: ReturnType<typeof layoutLanes>) =>
  Object.fromEntries([...places].map(([id, place]) => [id, `${place.lane}/${place.lanes}`]));

describe('the day view’s lane layout of overlapping bookings', () => {
  it('bookings that do not overlap each keep the whole width; touching ends do not overlap', () => {
    const places = layoutLanes([span(1, '10:00', '10:30'), span(2, '10:30', '11:00'), span(3, '12:00', '12:15')]);
    assert.deepEqual(lanesOf(places), { 1: '0/1', 2: '0/1', 3: '0/1' });
  });

  it('two overlapping bookings share the width, the earlier on the left', () => {
    const places = layoutLanes([span(2, '10:15', '11:00'), span(1, '10:00', '10:45')]);
    assert.deepEqual(lanesOf(places), { 1: '0/2', 2: '1/2' });
  });

  it('a chain of overlaps is one group: a lane freed early is taken again, and the group shares its lane count', () => {
    // 1 overlaps 2, 2 overlaps 3, 1 and 3 do not: 3 reuses lane 0; all three are drawn in two lanes.
    const places = layoutLanes([span(1, '09:00', '10:00'), span(2, '09:30', '11:00'), span(3, '10:00', '10:30')]);
    assert.deepEqual(lanesOf(places), { 1: '0/2', 2: '1/2', 3: '0/2' });
  });

  it('a later group that overlaps nothing before starts afresh with one lane', () => {
    const places = layoutLanes([
      span(1, '09:00', '10:00'),
      span(2, '09:00', '10:00'),
      span(3, '09:00', '10:00'),
      span(4, '14:00', '15:00'),
    ]);
    assert.deepEqual(lanesOf(places), { 1: '0/3', 2: '1/3', 3: '2/3', 4: '0/1' });
  });

  it('at one start the longer booking comes first, then the lower id, whatever the input order', () => {
    const input = [span(7, '10:00', '10:30'), span(5, '10:00', '11:00'), span(6, '10:00', '10:30')];
    const expected = { 5: '0/3', 6: '1/3', 7: '2/3' };
    assert.deepEqual(lanesOf(layoutLanes(input)), expected);
    assert.deepEqual(lanesOf(layoutLanes([...input].reverse())), expected);
  });

  it('a processing gap’s second client sits beside the first booking (the whole booking is drawn)', () => {
    // A colour 14:00–15:30 developing 14:30–15:00 and a cut at 14:30 in the gap.
    const places = layoutLanes([span(1, '14:00', '15:30'), span(2, '14:30', '15:00')]);
    assert.deepEqual(lanesOf(places), { 1: '0/2', 2: '1/2' });
  });
});

describe('the day view’s time grid', () => {
  it('a booking is placed by its wall-clock text; one from the evening before starts at midnight, one past midnight ends there', () => {
    assert.deepEqual(spanOnDay('2026-12-03 10:15:00', '2026-12-03 11:00:00', '2026-12-03'), { start: 615, end: 660 });
    assert.deepEqual(spanOnDay('2026-12-02 23:00:00', '2026-12-03 01:00:00', '2026-12-03'), { start: 0, end: 60 });
    assert.deepEqual(spanOnDay('2026-12-03 23:00:00', '2026-12-04 01:00:00', '2026-12-03'), { start: 1380, end: 1440 });
  });

  it('the grid spans the opening hours widened to working time and bookings, on whole slots', () => {
    assert.deepEqual(gridRange([{ start: at('09:00'), end: at('18:00') }], 15), { start: 540, end: 1080 });
    assert.deepEqual(
      gridRange(
        [
          { start: at('09:00'), end: at('18:00') },
          { start: at('08:10'), end: at('08:40') },
          { start: at('18:00'), end: at('19:05') },
        ],
        30,
      ),
      { start: at('08:00'), end: at('19:30') },
    );
    // A closed day with nothing on it: still a grid to book on by overriding.
    assert.deepEqual(gridRange([], 15), { start: 540, end: 1080 });
  });

  it('slots step by calendar_slot_min', () => {
    assert.deepEqual(slotStarts({ start: 540, end: 660 }, 20), [540, 560, 580, 600, 620, 640]);
  });

  it('time off is what the working windows leave: before, the break, after; none on a day off', () => {
    const range = { start: at('09:00'), end: at('18:00') };
    const working = [
      { start: at('13:00'), end: at('17:00') },
      { start: at('10:00'), end: at('12:00') },
    ];
    assert.deepEqual(offTime(range, working), [
      { start: at('09:00'), end: at('10:00') },
      { start: at('12:00'), end: at('13:00') },
      { start: at('17:00'), end: at('18:00') },
    ]);
    assert.deepEqual(offTime(range, []), [range]);
    assert.deepEqual(offTime(range, [range]), []);
  });
});
