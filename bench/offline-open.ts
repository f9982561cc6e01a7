import { existsSync } from 'node:fs';
import { DateTime } from 'luxon';
import { PHONE } from '../web/e2e/actions.js';
import { CHROMIUM, launchChromium } from '../web/e2e/chromium.js';

/*
 * The stylist's phone without a network: how long the office's shell and today's agenda take to
 * show from the service worker's cache and the phone's copy (IndexedDB), from the start of a
 * reload to the first booking on screen. Measured in Debian's chromium on the phone profile of
 * the browser tests (390 × 844, touch, 2× pixels), without and with a fourfold CPU slowdown
 * (Lighthouse's mobile profile), against the running service: a stylist of its own with four
 * bookings today, the salon's offline switch on.
 */

const RUNS = 5;

/** One request to the service as the bench's admin. */
async function call(base: string, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(base + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

export interface OfflineOpen {
  /** Median of RUNS reloads, ms; null when chromium is missing. */
  medianMs: number | null;
  slowCpuMedianMs: number | null;
  runs: string;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export async function measureOfflineOpen(base: string, token: string, timezone: string): Promise<OfflineOpen> {
  if (!existsSync(CHROMIUM)) return { medianMs: null, slowCpuMedianMs: null, runs: `no chromium at ${CHROMIUM}` };
  const settings = await call(base, 'PUT', '/api/settings', token, { offline_mode_enabled: 1 });
  if (settings.status !== 200) throw new Error(`settings: ${settings.status} ${JSON.stringify(settings.body)}`);
  const email = `offline-bench-${Date.now()}@example.com`;
  const password = 'offline-bench-password';
  const member = await call(base, 'POST', '/api/staff/staff', token, { name: 'Offline Bench', email, password });
  if (member.status !== 201 && member.status !== 200) {
    throw new Error(`staff: ${member.status} ${JSON.stringify(member.body)}`);
  }
  const staffId = (member.body as { id: number }).id;
  const today = DateTime.now().setZone(timezone).toFormat('yyyy-MM-dd');
  for (const [from, to] of [
    ['09:00', '09:45'],
    ['10:00', '11:00'],
    ['13:00', '13:30'],
    ['15:00', '16:15'],
  ] as const) {
    const booking = await call(base, 'POST', '/api/bookings', token, {
      client_id: 1,
      service_id: 1,
      staff_id: staffId,
      start_at: `${today} ${from}:00`,
      end_at: `${today} ${to}:00`,
      override: true,
    });
    if (booking.status !== 200) throw new Error(`booking: ${booking.status} ${JSON.stringify(booking.body)}`);
  }

  // The browser tests' launch (their flags for this machine) and their phone profile.
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ ...PHONE, baseURL: base, locale: 'en-GB', timezoneId: timezone });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/agenda');
    await page.locator('.agenda-booking').first().waitFor();
    // Polled from here: the office's policy forbids the page compiling a waitForFunction's text.
    for (let tries = 0; !(await page.evaluate('navigator.serviceWorker.controller !== null')); tries += 1) {
      if (tries > 100) throw new Error('the service worker never took the page');
      await page.waitForTimeout(100);
    }
    // The copy is written as the service's answer arrives: one more read makes sure it is there.
    await page.waitForTimeout(500);
    await context.setOffline(true);
    const open = async (): Promise<number> => {
      const started = performance.now();
      await page.reload();
      await page.locator('.agenda-booking').first().waitFor();
      return performance.now() - started;
    };
    const plain: number[] = [];
    for (let i = 0; i < RUNS; i += 1) plain.push(await open());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const slow: number[] = [];
    for (let i = 0; i < RUNS; i += 1) slow.push(await open());
    const shown = await page.getByText(/^Offline — as of/).count();
    if (shown === 0) throw new Error('the agenda was not shown from the offline copy');
    return {
      medianMs: Math.round(median(plain)),
      slowCpuMedianMs: Math.round(median(slow)),
      runs: `${plain.map(Math.round).join(' / ')} ms; 4× CPU ${slow.map(Math.round).join(' / ')} ms`,
    };
  } finally {
    await browser.close();
  }
}
