import assert from 'node:assert/strict';
import type { TestApp } from './app.js';
import { uniqueEmail } from './app.js';

/** Data the booking tests share: created through the API, as a front end would. */

export async function createClient(
  t: TestApp,
  token: string,
  payload: object = {},
): Promise<{ id: number; name: string; email: string | null }> {
  const response = await t.request({
    method: 'POST',
    url: '/api/clients',
    token,
    payload: { name: 'Clara Client', email: uniqueEmail('client'), ...payload },
  });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

export async function createService(
  t: TestApp,
  token: string,
  payload: object = {},
): Promise<{ id: number; name: string }> {
  const response = await t.request({
    method: 'POST',
    url: '/api/services',
    token,
    payload: { name: `Cut ${Math.random().toString(36).slice(2, 8)}`, duration_min: 60, price: 45, ...payload },
  });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

let slotCounter = 0;

/** A fresh one-hour slot, each on its own day far ahead, so tests never collide by chance. */
export function nextSlot(): { start_at: string; end_at: string; date: string } {
  slotCounter += 1;
  const day = new Date(Date.UTC(2031, 0, 1) + slotCounter * 86_400_000).toISOString().slice(0, 10);
  return { date: day, start_at: `${day} 10:00:00`, end_at: `${day} 11:00:00` };
}

let pastCounter = 0;

/**
 * A one-hour slot on its own day in the past, for bookings that must have started (completed,
 * no-show). The desk books it with `override: true` (its in_the_past rule).
 */
export function pastSlot(): { start_at: string; end_at: string; date: string; override: true } {
  pastCounter += 1;
  const day = new Date(Date.UTC(2021, 0, 1) + pastCounter * 86_400_000).toISOString().slice(0, 10);
  return { date: day, start_at: `${day} 10:00:00`, end_at: `${day} 11:00:00`, override: true };
}

export async function jobsNamed(t: TestApp, token: string, name: string, bookingId: number) {
  const response = await t.request({ method: 'GET', url: `/api/system/jobs?name=${name}`, token });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return (response.body as { payload: { bookingId?: number }; run_at: string; status: string }[]).filter(
    (job) => job.payload.bookingId === bookingId,
  );
}

/** The jobs of that name for any of a visit's parts (the parts' email jobs fold into one per visit). */
export async function visitJobs(t: TestApp, token: string, name: string, partIds: number[]) {
  const response = await t.request({ method: 'GET', url: `/api/system/jobs?name=${name}`, token });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return (response.body as { payload: { bookingId?: number }; run_at: string; status: string }[]).filter(
    (job) => job.payload.bookingId !== undefined && partIds.includes(job.payload.bookingId),
  );
}

export async function setSettings(t: TestApp, token: string, payload: object): Promise<void> {
  const response = await t.request({ method: 'PUT', url: '/api/settings', token, payload });
  assert.equal(response.status, 200, JSON.stringify(response.body));
}
