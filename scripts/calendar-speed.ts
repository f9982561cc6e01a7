import { chromium } from 'playwright-core';
import { DEMO_ADMIN, DEMO_TIMEZONE, startDemoSalon } from './demo-salon.js';
import { bookDeskDay, deskApi } from './desk-day.js';
import { longTasks, type TraceEvent } from './page-profile.js';

/*
 * How fast the desk's day view draws a busy day: the demo salon (scripts/demo-salon.ts) grown to
 * 40 staff members and 300 bookings on one day, opened in Debian's chromium. Prints the time from
 * the page's navigation to the last booking drawn, and the longest task while the day is
 * scrolled through its hours and across its columns (a PerformanceObserver of long tasks, which
 * chromium reports from 50 ms). A measure, not a test: bench/README.md records the figures.
 *
 *   node scripts/build-web.mjs && npx tsx scripts/calendar-speed.ts
 *
 * With `TRACE=/tmp/day` it also writes Chromium performance traces of the last load
 * (`/tmp/day-load.json`) and of the scrolling (`/tmp/day-scroll.json`; open them in chromium's
 * DevTools, Performance, "Load profile"), and prints the longest tasks of each with what their
 * time went to: the way to find what a change should fix. Each task is given in wall time and in
 * the page's own CPU time: on a machine busy with other work the first includes waiting for a
 * core, which the second does not.
 */

const STAFF = 40;
const BOOKINGS = 300;
const RUNS = 3;
const TRACE = process.env.TRACE;

async function printTrace(what: string) {
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  console.log(`${what}: the page's longest tasks`);
  for (const line of longTasks(trace.traceEvents)) console.log(`  ${line}`);
}

const salon = await startDemoSalon();
const day = salon.openDay(3);
const { made } = await bookDeskDay(await deskApi(salon.base), day, { staffCount: STAFF, bookingsCount: BOOKINGS });
console.log(`booked ${made} bookings for ${day}`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--disable-gpu', '--no-first-run', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
});
try {
  const context = await browser.newContext({
    baseURL: salon.base,
    timezoneId: DEMO_TIMEZONE,
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
  });
  // In-page code as text: the browser has its own globals, which this file's types do not know.
  await context.addInitScript(`
    window.longestTask = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longestTask = Math.max(window.longestTask, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  `);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
  const drawn: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    if (TRACE && run === RUNS - 1) await browser.startTracing(page, { path: `${TRACE}-load.json` });
    // A whole page load each time (the code cached by the browser, as at a desk): navigation to the last booking drawn.
    await page.goto(`/calendar?date=${day}`);
    const ms = await page.evaluate<number>(`new Promise((resolve) => {
      const check = () => document.querySelectorAll('.booking').length >= ${made}
        ? resolve(performance.now())
        : requestAnimationFrame(check);
      check();
    })`);
    drawn.push(ms);
  }
  if (TRACE) await printTrace('the last load');
  const columns = await page.locator('.day-column').count();
  const bookings = await page.locator('.booking').count();
  // Scroll through the day and across the columns, a step per frame, after the drawing.
  await page.evaluate(`window.longestTask = 0`);
  if (TRACE) await browser.startTracing(page, { path: `${TRACE}-scroll.json` });
  await page.evaluate(`(async () => {
    const box = document.querySelector('.day-scroll');
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let top = 0; top <= box.scrollHeight; top += 120) { box.scrollTop = top; await frame(); }
    for (let left = 0; left <= box.scrollWidth; left += 200) { box.scrollLeft = left; await frame(); }
  })()`);
  const longest = await page.evaluate<number>(`window.longestTask`);
  if (TRACE) await printTrace('the scrolling');
  console.log(`day view of ${columns} staff columns and ${bookings} bookings (${day})`);
  console.log(`  drawn after navigation: ${drawn.map((ms) => `${Math.round(ms)} ms`).join(', ')}`);
  console.log(
    `  longest task while scrolling through the day and across the columns: ${Math.round(longest)} ms (0: none over 50 ms)`,
  );
} finally {
  await browser.close();
  await salon.close();
}
