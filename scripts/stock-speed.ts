import { chromium } from 'playwright-core';
import { DEMO_ADMIN, DEMO_TIMEZONE, startDemoSalon } from './demo-salon.js';
import { deskApi } from './desk-day.js';
import { addStock } from './stock-demo.js';

/*
 * How the manager's products list holds up with thousands of products: the demo salon with
 * PRODUCTS more products, the list opened at its largest page (200 rows, low stock first,
 * virtualised) in Debian's chromium, then scrolled through a step per frame and searched by
 * typing (as a person types, and as a barcode scanner does). Prints the longest task of each
 * (a PerformanceObserver of long tasks, which chromium reports from 50 ms; 0: none). A measure,
 * not a test: bench/README.md records the figures.
 *
 *   node scripts/build-web.mjs && npx tsx scripts/stock-speed.ts
 */

const PRODUCTS = Number(process.env.PRODUCTS ?? 3000);

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
  await page.goto('/manage/products?size=200');
  await page.getByRole('status').filter({ hasText: /\d/ }).waitFor();
  await page.getByRole('row').nth(1).waitFor();
  const total = await page.getByRole('status').textContent();
  const loadLongest = await page.evaluate<number>(`window.longestTask`);

  // Scrolling through the page's 200 rows, a step per frame.
  await page.evaluate(`window.longestTask = 0`);
  await page.evaluate(`(async () => {
    const box = document.querySelector('.list-table[data-virtualized]');
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let top = 0; top <= box.scrollHeight; top += 88) { box.scrollTop = top; await frame(); }
    for (let top = 0; top <= document.scrollingElement.scrollHeight; top += 88) { window.scrollTo(0, top); await frame(); }
  })()`);
  const scrollLongest = await page.evaluate<number>(`window.longestTask`);

  // Typing a search as a person does (100 ms a key), then a scanner's EAN with Enter.
  await page.evaluate(`window.longestTask = 0`);
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.focus();
  await page.keyboard.type('Catalogue item 012', { delay: 100 });
  await page.getByRole('status').filter({ hasText: /match/ }).waitFor();
  await box.fill('');
  await page.keyboard.type('8700000001234', { delay: 5 });
  await page.keyboard.press('Enter');
  await page.getByRole('row', { name: /Catalogue item 01235/ }).waitFor();
  const typeLongest = await page.evaluate<number>(`window.longestTask`);

  console.log(`products list: ${total} (page of 200 rows, virtualised)`);
  console.log(`  longest task while loading: ${Math.round(loadLongest)} ms`);
  console.log(`  longest task while scrolling the 200 rows: ${Math.round(scrollLongest)} ms (0: none over 50 ms)`);
  console.log(
    `  longest task while typing a search and scanning a barcode: ${Math.round(typeLongest)} ms (0: none over 50 ms)`,
  );
} finally {
  await browser.close();
  await salon.close();
}
