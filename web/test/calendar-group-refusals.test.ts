import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../src/api/errors.js';
import { refusedOccurrences, refusedPart } from '../src/routes/desk/calendar/panel/group-refusals.js';

/* Which part of a visit, which dates of a series, a refused move names (the booking panel says them). */

const refusal = (status: number, code: string, details: Array<{ field: string; message: string }>) =>
  new ApiError(status, { error: code, code, details });

describe("a visit's and a series' refusals", () => {
  it("a visit's move names the part by its place in the visit; nested details and other failures name none", () => {
    const overlap = refusal(409, 'booking_overlap', [
      { field: 'parts[1]', message: 'The staff member has another booking' },
      { field: 'parts[1].start_at', message: 'overlaps booking 9' },
    ]);
    assert.equal(refusedPart(overlap), 1);
    assert.equal(refusedPart(refusal(409, 'visit_cancelled', [])), null);
    assert.equal(refusedPart(new Error('offline')), null);
  });

  it("a series' 409 series_conflicts lists each refused occurrence's start and code, in its order", () => {
    const conflicts = refusal(409, 'series_conflicts', [
      { field: 'occurrences[2]', message: '2031-03-19 11:00:00: booking_overlap The staff member is busy' },
      { field: 'occurrences[3]', message: '2031-03-26T11:00:00: holiday The salon is closed' },
      { field: 'something', message: 'not an occurrence' },
    ]);
    assert.deepEqual(refusedOccurrences(conflicts), [
      { startAt: '2031-03-19 11:00:00', code: 'booking_overlap' },
      { startAt: '2031-03-26 11:00:00', code: 'holiday' },
    ]);
    assert.deepEqual(refusedOccurrences(refusal(409, 'booking_changed', [])), []);
    assert.deepEqual(refusedOccurrences(refusal(400, 'series_conflicts', [])), []);
  });
});
