import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { loggablePath, MASK } from './loggable-url.js';

describe('loggable paths', () => {
  const token = randomBytes(32).toString('base64url');

  it('the query string is dropped whole', () => {
    assert.equal(loggablePath(`/client/magic?token=${token}&return=/x`), '/client/magic');
    assert.equal(loggablePath('/api/bookings?page=2#top'), '/api/bookings');
  });

  it('a route parameter named as a token is masked, whatever it looks like', () => {
    assert.equal(
      loggablePath('/api/calendar-feeds/short/calendar.ics', { token: 'short' }),
      `/api/calendar-feeds/${MASK}/calendar.ics`,
    );
  });

  it('a token-like segment is masked without a route (a mistyped address)', () => {
    assert.equal(loggablePath(`/api/calendar-feeds/${token}/x`), `/api/calendar-feeds/${MASK}/x`);
    assert.equal(loggablePath(`/api/x/${encodeURIComponent(token)}`), `/api/x/${MASK}`);
  });

  it('the service’s own segments stay: words, ids, message keys, long lower-case names', () => {
    for (const path of [
      '/api/public/booking-actions/availability',
      '/api/bookings/12345',
      '/api/settings/messages/booking.confirmed/preview',
      '/api/staff/default-shifts/save-week',
      '/api/reporting/retention_by_first_service_month',
    ]) {
      assert.equal(loggablePath(path, { id: '12345', key: 'booking.confirmed' }), path);
    }
  });
});
