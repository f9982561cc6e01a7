import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import type { TestApp } from './app.js';
import { createStaff, setupSalon, uniqueEmail } from './app.js';
import { createService } from './bookings.js';

/** Data the booking-page tests share, made through the staff API as a salon would. */

const TZ = 'Europe/Amsterdam';

/** The date `days` days from today in the salon's (default) zone. */
export function salonDate(days: number): string {
  return DateTime.now().setZone(TZ).plus({ days }).toFormat('yyyy-MM-dd');
}

/** A staff member working 09:00–17:00 every day (default shifts), with a staff token. */
export async function createWorkingStaff(t: TestApp, adminToken: string) {
  const staff = await createStaff(t);
  const response = await t.request({
    method: 'POST',
    url: '/api/staff/default-shifts/save-week',
    token: adminToken,
    payload: {
      staff_id: staff.id,
      shifts: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day_of_week: day, start_time: '09:00', end_time: '17:00' })),
    },
  });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return staff;
}

/**
 * A salon set up without opening hours (so the admin, who has no shifts, is never offered),
 * one staff member working 09:00–17:00 every day and a one-hour service.
 */
export async function setupBookingSalon(t: TestApp) {
  const admin = await setupSalon(t);
  const staff = await createWorkingStaff(t, admin.token);
  const service = await createService(t, admin.token, { duration_min: 60, price: 45 });
  return { admin, staff, service };
}

export async function availability(t: TestApp, query: Record<string, string | number>, token?: string) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return t.request({
    method: 'GET',
    url: `/api/public/availability?${search.toString()}`,
    ...(token ? { token } : {}),
  });
}

/** The HH:MM of each slot offered. */
export async function offeredStarts(t: TestApp, query: Record<string, string | number>, token?: string) {
  const response = await availability(t, query, token);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return (response.body as Array<{ start_at: string }>).map((slot) => slot.start_at.slice(11, 16));
}

export function publicBooking(
  t: TestApp,
  payload: object,
  options: { token?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return t.request({
    method: 'POST',
    url: '/api/public/bookings',
    payload: { client_name: 'Paula Public', client_email: uniqueEmail('public'), ...payload },
    ...options,
  });
}

/**
 * A picker of free starts, each on a day of its own (from four days ahead on), so that no two
 * bookings of a test compete for a slot. The app and the service are read at each pick: tests
 * make them in `before`.
 */
export function startsDayByDay(t: () => TestApp, serviceId: () => number): () => Promise<string> {
  let day = 3;
  return async () => {
    const date = salonDate((day += 1));
    const [start] = await offeredStarts(t(), { date, service_id: serviceId() });
    return `${date} ${start}:00`;
  };
}
