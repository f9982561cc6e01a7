import { chromium, type Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_TIMEZONE, startDemoSalon } from './demo-salon.js';
import { deskApi } from './desk-day.js';
import { longestPageTask, longTasks, profileCpu, type TraceEvent } from './page-profile.js';
import { addStock } from './stock-demo.js';

/*
 * How the manager's products list holds up with thousands of products: the demo salon with
 * PRODUCTS more products, the list opened at a page of SIZE rows (200 by default, the largest,
 * low stock first) in Debian's chromium, then scrolled through a step per frame and searched by
 * typing (as a person types, and as a barcode scanner does). Prints the page's longest task of
 * each step from a Chromium trace, in wall time and in the page's own CPU time (on a machine
 * busy with other work the first includes waiting for a core; the second does not). A measure,
 * not a test: bench/README.md records the figures.
 *
 *   node scripts/build-web.mjs && npx tsx scripts/stock-speed.ts
 *
 * With `TRACE=/tmp/stock` it also writes a Chromium performance trace of each step
 * (`/tmp/stock-load.json`, `-scroll.json`, `-type.json`; DevTools, Performance, "Load profile")
 * and its CPU profile (`/tmp/stock-load.cpuprofile` …), and prints each step's longest tasks
 * with what their time went to and the JavaScript that took the most CPU
 * (scripts/page-profile.ts): the way to find what a change should fix. A build without
 * minifying gives the profile the source's names.
 */

const PRODUCTS = Number(process.env.PRODUCTS ?? 3000);
/** The page's size: 200 (virtualised) by default; 50 or 100 for the plain table of a smaller page. */
const SIZE = Number(process.env.SIZE ?? 200);
const TRACE = process.env.TRACE;

/**
 * Starts a trace of a step (and with TRACE, a CPU profile); the function answered stops it and
 * answers the page's longest task of the step, in wall time and on the CPU (page-profile.ts).
 * On a machine busy with other work the wall time includes waiting for a core; the CPU time
 * does not, so it is the figure to compare between runs.
 */
async function traced(page: Page, step: string): Promise<() => Promise<{ wall: number; cpu: number }>> {
  await browser.startTracing(page, TRACE ? { path: `${TRACE}-${step}.json` } : {});
  const stopProfile = TRACE ? await profileCpu(page, `${TRACE}-${step}.cpuprofile`) : null;
  return async () => {
    const profile = await stopProfile?.();
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    if (profile) {
      console.log(`${step}: the page's longest tasks`);
      for (const line of longTasks(trace.traceEvents)) console.log(`  ${line}`);
      console.log(`${step}: JavaScript by its own time`);
      for (const line of profile.self) console.log(`  ${line}`);
      console.log(`${step}: JavaScript with what it called`);
      for (const line of profile.total) console.log(`  ${line}`);
    }
    return longestPageTask(trace.traceEvents);
  };
}

const salon = await startDemoSalon();
await addStock(await deskApi(salon.base), PRODUCTS);
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
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
  const loadDone = await traced(page, 'load');
  await page.goto(`/manage/products?size=${SIZE}`);
  await page.getByRole('status').filter({ hasText: /\d/ }).waitFor();
  await page.getByRole('row').nth(1).waitFor();
  const loadTask = await loadDone();
  const total = await page.getByRole('status').textContent();
  const virtualised = (await page.locator('[data-virtualized]').count()) > 0;

  // Scrolling through the page's rows (their own box when virtualised, then the window), a step per frame.
  const scrollDone = await traced(page, 'scroll');
  await page.evaluate(`(async () => {
    const box = document.querySelector('[data-virtualized]');
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let top = 0; box && top <= box.scrollHeight; top += 88) { box.scrollTop = top; await frame(); }
    for (let top = 0; top <= document.scrollingElement.scrollHeight; top += 88) { window.scrollTo(0, top); await frame(); }
  })()`);
  const scrollTask = await scrollDone();

  // Typing a search as a person does (100 ms a key), then a scanner's EAN with Enter.
  const typeDone = await traced(page, 'type');
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.focus();
  await page.keyboard.type('Catalogue item 012', { delay: 100 });
  await page.getByRole('status').filter({ hasText: /match/ }).waitFor();
  await box.fill('');
  await page.keyboard.type('8700000001234', { delay: 5 });
  await page.keyboard.press('Enter');
  await page.getByRole('row', { name: /Catalogue item 01235/ }).waitFor();
  const typeTask = await typeDone();

  const task = ({ wall, cpu }: { wall: number; cpu: number }) =>
    `${Math.round(wall)} ms, ${Math.round(cpu)} ms on the CPU (0: none over 30 ms)`;
  console.log(`products list: ${total} (page of ${SIZE} rows${virtualised ? ', virtualised' : ''})`);
  console.log(`  longest task while loading: ${task(loadTask)}`);
  console.log(`  longest task while scrolling the ${SIZE} rows: ${task(scrollTask)}`);
  console.log(`  longest task while typing a search and scanning a barcode: ${task(typeTask)}`);
} finally {
  await browser.close();
  await salon.close();
}
