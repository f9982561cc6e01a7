import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import { buildApp } from '../src/app.js';
import { openContext } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { multipartFile } from '../test/helpers/multipart.js';

/*
 * A small, realistic salon served by the whole service on a throw-away SQLite database, for
 * measuring the booking page in a browser (scripts/lighthouse.ts) and photographing it
 * (scripts/screenshots.ts): a logo, an address, opening hours with closed days, services in
 * three categories, four people who work, a holiday and published reviews. Made through the
 * API as a salon would (first-time setup, settings, services, staff and their weeks); only
 * the past visits behind the reviews are written to the database, as no API backdates them.
 */

export const DEMO_TIMEZONE = 'Europe/Amsterdam';
export const DEMO_ADMIN = { email: 'olivia@studio-olivia.example', password: 'demo-salon-password' };

/** Closed on Sunday and Monday; late on Thursday. */
const OPENING_HOURS: Array<{ day_of_week: number; open_time?: string; close_time?: string; is_closed?: number }> = [
  { day_of_week: 0, is_closed: 1 },
  { day_of_week: 1, is_closed: 1 },
  { day_of_week: 2, open_time: '09:00', close_time: '18:00' },
  { day_of_week: 3, open_time: '09:00', close_time: '18:00' },
  { day_of_week: 4, open_time: '09:00', close_time: '21:00' },
  { day_of_week: 5, open_time: '09:00', close_time: '18:00' },
  { day_of_week: 6, open_time: '09:00', close_time: '17:00' },
];

const CATALOGUE: Array<{ category: string; color: string; services: Array<[string, number, number]> }> = [
  {
    category: 'Cuts',
    color: '#7a2e54',
    services: [
      ["Women's cut", 45, 42],
      ["Men's cut", 30, 28],
      ["Children's cut (up to 12)", 20, 18],
      ['Wash and blow-dry', 30, 25],
    ],
  },
  {
    category: 'Colour',
    color: '#b5651d',
    services: [
      ['Full colour', 90, 75],
      ['Highlights, half head', 120, 95],
      ['Toner', 30, 30],
    ],
  },
  {
    category: 'Care',
    color: '#2e6b5a',
    services: [
      ['Keratin treatment', 120, 140],
      ['Scalp massage', 20, 20],
    ],
  },
];

const STAFF = ['Ana Kovač', 'Daan de Vries', 'Mei Lin'];

const REVIEWS: Array<[number, string]> = [
  [5, 'Lovely colour and a calm, friendly salon.'],
  [5, 'Best cut in years, and on time.'],
  [4, 'Great result; parking nearby is hard.'],
  [5, 'Ana listened to exactly what I wanted.'],
  [4, 'Quick and tidy men’s cut.'],
];

/** A monogram for the logo: an SVG, as salons often upload. */
const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">' +
    '<circle cx="48" cy="48" r="46" fill="#7a2e54"/>' +
    '<text x="48" y="60" font-family="Georgia, serif" font-size="36" fill="#ffffff" text-anchor="middle">SO</text>' +
    '</svg>',
);

export interface DemoSalon {
  /** http://127.0.0.1:<port> */
  base: string;
  /** The first day at least `daysAhead` days from today (salon time) on which the salon is open, YYYY-MM-DD. */
  openDay(daysAhead: number): string;
  close(): Promise<void>;
}

/** `webDistDir`: the web build to serve (default this checkout's web/dist), to compare two builds. */
export async function startDemoSalon({ webDistDir }: { webDistDir?: string } = {}): Promise<DemoSalon> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-demo-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    WORKER: 'off',
    // The webhooks' pictures register an endpoint on this machine (nothing is sent: no worker).
    WEBHOOKS_ALLOW_HTTP: '1',
    WEBHOOKS_ALLOW_PRIVATE: '1',
    WEBHOOKS_ALLOW_PORTS: 'any',
  });
  if (webDistDir) config.webDistDir = webDistDir;
  const { ctx, database } = await openContext(config, createLogger(config.logLevel));
  const app = await buildApp(ctx);
  const close = async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    let token = '';
    const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const response = await app.inject({
        method,
        url,
        payload: payload as Record<string, unknown>,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json<Record<string, unknown>>();
    };

    const setup = await call('POST', '/api/auth/setup', {
      admin_name: 'Olivia Jansen',
      admin_email: DEMO_ADMIN.email,
      admin_password: DEMO_ADMIN.password,
      salon_name: 'Studio Olivia',
      salon_email: 'hello@studio-olivia.example',
      salon_phone: '+31 30 231 44 55',
      salon_address: 'Oudegracht 112',
      opening_hours: OPENING_HOURS,
    });
    token = setup.token as string;
    await call('PUT', '/api/settings', {
      salon_postcode: '3511 AX',
      salon_city: 'Utrecht',
      timezone: DEMO_TIMEZONE,
      language: 'nl',
      currency: 'EUR',
      calendar_slot_min: 15,
      booking_min_lead_hours: 2,
      booking_max_future_days: 60,
      booking_allow_staff_choice: 1,
      booking_show_prices: 1,
      booking_show_duration: 1,
    });
    const logo = multipartFile('logo', 'logo.svg', 'image/svg+xml', LOGO);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/settings/upload-logo',
      payload: logo.payload,
      headers: { ...logo.headers, authorization: `Bearer ${token}` },
    });
    if (uploaded.statusCode !== 200) throw new Error(`logo: ${uploaded.statusCode} ${uploaded.body}`);

    let position = 0;
    const services: number[] = [];
    for (const { category, color, services: list } of CATALOGUE) {
      const created = await call('POST', '/api/services/categories', { name: category, color, position: position++ });
      for (const [name, duration_min, price] of list) {
        const service = await call('POST', '/api/services', {
          name,
          duration_min,
          price,
          category_id: created.id,
          position: position++,
        });
        services.push(service.id as number);
      }
    }

    // Everyone works the salon's opening hours (the owner too, who takes bookings).
    const week = OPENING_HOURS.filter((day) => !day.is_closed).map((day) => ({
      day_of_week: day.day_of_week,
      start_time: day.open_time,
      end_time: day.close_time,
    }));
    const people = [(setup.user as { id: number }).id];
    for (const [index, name] of STAFF.entries()) {
      const member = await call('POST', '/api/staff/staff', {
        name,
        email: `staff${index + 1}@studio-olivia.example`,
        password: DEMO_ADMIN.password,
      });
      people.push(member.id as number);
    }
    for (const staff_id of people) {
      await call('POST', '/api/staff/default-shifts/save-week', { staff_id, shifts: week });
    }

    const today = DateTime.now().setZone(DEMO_TIMEZONE).startOf('day');
    const christmas = today.set({ month: 12, day: 25 });
    const holiday = (christmas < today ? christmas.plus({ years: 1 }) : christmas).toISODate()!;
    await call('POST', '/api/settings/holidays', { name: 'Eerste Kerstdag', date: holiday });

    // The reviews: each of a past, completed visit.
    const now = new Date().toISOString();
    for (const [index, [rating, comment]] of REVIEWS.entries()) {
      const client = await ctx.db
        .insertInto('clients')
        .values({
          name: `Client ${index + 1}`,
          email: `client${index + 1}@example.com`,
          phone: '',
          birthday: null,
          gender: '',
          notes: '',
          marketing_consent: 0,
          password_hash: null,
          erased_at: null,
          merged_into_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const day = today.minus({ days: 7 * (index + 1) }).toISODate()!;
      const booking = await ctx.db
        .insertInto('bookings')
        .values({
          client_id: client.id,
          staff_id: people[index % people.length]!,
          service_id: services[index % services.length]!,
          start_at: `${day} 10:00:00`,
          end_at: `${day} 10:45:00`,
          status: 'completed',
          price: 4200,
          notes: '',
          internal_notes: '',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('reviews')
        .values({
          booking_id: booking.id,
          staff_id: people[index % people.length]!,
          client_id: client.id,
          rating,
          comment,
          created_at: now,
          published: 1,
        })
        .execute();
    }

    const { port } = app.server.address() as AddressInfo;
    const closedWeekdays = new Set(OPENING_HOURS.filter((day) => day.is_closed).map((day) => day.day_of_week));
    return {
      base: `http://127.0.0.1:${port}`,
      openDay(daysAhead) {
        for (let offset = daysAhead; ; offset++) {
          const candidate = today.plus({ days: offset });
          // Luxon numbers Monday 1 … Sunday 7; the API, Sunday 0 … Saturday 6.
          if (!closedWeekdays.has(candidate.weekday % 7) && candidate.toISODate() !== holiday) {
            return candidate.toISODate()!;
          }
        }
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
