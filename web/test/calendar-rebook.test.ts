import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { components } from '../src/api/schema.gen.js';
import { REBOOK_WEEKS, rebookOf } from '../src/routes/desk/calendar/new-booking/rebook.js';

type Booking = components['schemas']['Booking'];

/* "Rebook": what a booking booked again keeps, and the day it lands on by default. */

function part(id: number, start: string, more: Partial<Booking> = {}): Booking {
  return {
    id,
    client_id: 7,
    client_name: 'Ada Client',
    service_id: 10 + id,
    service_name: `Service ${id}`,
    staff_id: 20 + id,
    staff_name: `Member ${id}`,
    start_at: start,
    status: 'completed',
    ...more,
  } as unknown as Booking;
}

describe('rebooking a booking', () => {
  it(`keeps the client, the service and member, the time of day, on the same weekday ${REBOOK_WEEKS} weeks on`, () => {
    const again = rebookOf(part(1, '2031-03-04 10:15:00'), undefined, '2031-03-01');
    assert.equal(again.date, '2031-04-01');
    assert.equal(again.minute, 10 * 60 + 15);
    assert.equal(again.staffId, 21);
    assert.deepEqual(again.rebook, {
      client: { id: 7, name: 'Ada Client' },
      parts: [{ serviceId: 11, serviceName: 'Service 1', staffId: 21, staffName: 'Member 1' }],
      from: '2031-03-04',
    });
  });

  it('never lands before today: an old booking is booked again on that weekday from today on', () => {
    // 2021-03-02 was a Tuesday; 2031-03-05 is a Wednesday, so the next Tuesday is 2031-03-11.
    assert.equal(rebookOf(part(1, '2021-03-02 10:00:00'), undefined, '2031-03-05').date, '2031-03-11');
    // Today itself is a fine day.
    assert.equal(rebookOf(part(1, '2031-02-04 10:00:00'), undefined, '2031-03-04').date, '2031-03-04');
  });

  it('books a visit again whole, in order, leaving out its cancelled parts (all of them when every part was)', () => {
    const visit = [
      part(1, '2031-03-04 09:30:00', { status: 'cancelled' }),
      part(2, '2031-03-04 10:00:00'),
      part(3, '2031-03-04 11:00:00'),
    ];
    const again = rebookOf(visit[2]!, visit, '2031-03-01');
    assert.deepEqual(
      again.rebook.parts.map((one) => one.serviceId),
      [12, 13],
    );
    assert.equal(again.minute, 10 * 60, 'from the first part kept');
    assert.equal(again.staffId, 22);
    const cancelled = visit.map((one) => ({ ...one, status: 'cancelled' as const }));
    assert.equal(rebookOf(cancelled[0]!, cancelled, '2031-03-01').rebook.parts.length, 3);
  });
});
