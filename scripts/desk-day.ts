import { DEMO_ADMIN } from './demo-salon.js';

/*
 * A busy day at the demo salon's desk (scripts/demo-salon.ts), booked through its API as the
 * desk would: for the calendar's screenshots and its speed measure.
 */

type Call = (method: string, url: string, payload?: object) => Promise<Record<string, unknown>>;

/** Signs the demo's owner in and returns a caller of the API with the token. */
export async function deskApi(base: string): Promise<Call> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  return async (method, url, payload) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
}

const CLIENTS = ['Ada Jansen', 'Bram de Boer', 'Chloé Martin', 'Dirk Visser', 'Eva Smit', 'Fatima El Amrani'];

/**
 * Books `day` full: every member in turn gets bookings from 09:30 on (some with a gap), one a
 * request, one with a note; a staff member is added until there are `staffCount`, and
 * `bookingsCount` bookings in all (as many as fit). Returns the first booking's id and how many were made.
 */
export async function bookDeskDay(
  call: Call,
  day: string,
  options: { staffCount?: number; bookingsCount?: number } = {},
): Promise<{ first: number; made: number }> {
  const { staffCount = 0, bookingsCount = 10 } = options;
  let staff = (await call('GET', '/api/staff/staff')) as unknown as { id: number }[];
  const week = [0, 1, 2, 3, 4, 5, 6].map((day_of_week) => ({ day_of_week, start_time: '09:00', end_time: '18:00' }));
  for (let index = staff.length; index < staffCount; index++) {
    const member = await call('POST', '/api/staff/staff', {
      name: `Stylist ${index + 1}`,
      email: `stylist${index + 1}@studio-olivia.example`,
      password: DEMO_ADMIN.password,
    });
    await call('POST', '/api/staff/default-shifts/save-week', { staff_id: member.id, shifts: week });
  }
  staff = (await call('GET', '/api/staff/staff')) as unknown as { id: number }[];
  const services = (await call('GET', '/api/services')) as unknown as { id: number; duration_min: number }[];
  const clients: number[] = [];
  for (const [index, name] of CLIENTS.entries()) {
    const client = await call('POST', '/api/clients', {
      name,
      email: `desk${index}-${day}@example.com`,
      phone: `+3161234560${index}`,
      notes: index === 0 ? 'Prefers the window seat' : '',
    });
    clients.push(client.id as number);
  }
  // Round after round, one booking per member each, until the count is reached or the day is full.
  const next = staff.map((_member, index) => 9 * 60 + 30 + (index % 3) * 15);
  let first = 0;
  let made = 0;
  for (let round = 0; made < bookingsCount && round < 40; round++) {
    for (const [memberIndex, member] of staff.entries()) {
      if (made >= bookingsCount) break;
      const service = services[(memberIndex + round) % services.length]!;
      const minute = next[memberIndex]!;
      if (minute + service.duration_min > 18 * 60) continue;
      const start = `${day} ${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      const booking = await call('POST', '/api/bookings', {
        client_id: clients[(memberIndex + round) % clients.length],
        staff_id: member.id,
        service_id: service.id,
        start_at: start,
        override: true,
        ...(round === 1 && memberIndex === 1 ? { provisional: true } : {}),
        ...(round === 0 && memberIndex === 0
          ? { internal_notes: 'Patch test done last week', notes: 'Bring the photo' }
          : {}),
      });
      if (first === 0) first = booking.id as number;
      made += 1;
      next[memberIndex] = minute + service.duration_min + (round % 2 === 0 ? 0 : 15);
    }
  }
  return { first, made };
}
