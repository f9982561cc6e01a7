import { readFileSync } from 'node:fs';
import { DESKTOP } from '../web/e2e/actions.js';
import { launchChromium } from '../web/e2e/chromium.js';
import { DEMO_ADMIN, DEMO_TIMEZONE, startDemoSalon } from './demo-salon.js';
import { deskApi } from './desk-day.js';

/*
 * How closely the campaign editor's preview follows typing: the demo salon (scripts/demo-salon.ts)
 * with one campaign, its text block typed into in Debian's chromium at a brisk typist's pace
 * (KEY_MS between keys), timed in the page from the last key to the preview frame loaded with
 * the whole typed text (the service's rendering of it, in the sandboxed frame), and the preview
 * requests the typing made counted against the keys. Three runs, median. A measure, not a test:
 * bench/README.md records the figures.
 *
 *   node scripts/build-web.mjs && npx tsx scripts/campaign-preview-speed.ts
 */

const RUNS = 3;
const KEY_MS = Number(process.env.KEY_MS ?? 80);
const TEXTS = [
  'Our autumn colours are here for you',
  'Book a cut before the holidays start',
  'A scalp massage comes free with every colour',
];

// The editor's debounce, read from its source (the module itself needs a browser to load).
const PREVIEW_PAUSE_MS = Number(
  /PREVIEW_PAUSE_MS = (\d+)/.exec(
    readFileSync(new URL('../web/src/routes/manage/campaigns/Preview.tsx', import.meta.url), 'utf8'),
  )?.[1],
);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * In the page: resolves with the time (performance.now()) at which the preview frame has loaded
 * a rendering that holds `text`. The frame is sandboxed (an opaque origin the page cannot read),
 * so its `srcdoc` says what it holds and its load event when that is shown.
 */
const frameShowing = (text: string) => `new Promise((resolve) => {
  const wanted = ${JSON.stringify(text)};
  const watch = () => {
    const frame = document.querySelector('iframe.campaign-preview-frame');
    if (!frame) return requestAnimationFrame(watch);
    const done = () => frame.srcdoc.includes(wanted) && resolve(performance.now());
    frame.addEventListener('load', done);
    // A new frame element (the preview's state changed) is watched again.
    new MutationObserver(() => { if (!frame.isConnected) watch(); }).observe(document.body, { childList: true, subtree: true });
  };
  watch();
})`;

const salon = await startDemoSalon();
const call = await deskApi(salon.base);
await call('PUT', '/api/settings', { bulk_campaigns_enabled: 1 });
const campaign = await call('POST', '/api/campaigns', {
  name: 'Autumn',
  subject: 'Autumn at {salon_name}',
  blocks: [
    { type: 'heading', text: 'Hello {client_first_name}', level: 1 },
    { type: 'text', text: 'Start' },
  ],
});
const browser = await launchChromium();
try {
  const context = await browser.newContext({
    ...DESKTOP,
    baseURL: salon.base,
    timezoneId: DEMO_TIMEZONE,
    locale: 'en-GB',
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto(`/manage/campaigns/${campaign.id as number}`);
  await page.frameLocator('iframe.campaign-preview-frame').getByText('Start').waitFor();
  await page
    .getByRole('grid', { name: 'Blocks' })
    .getByRole('button', { name: /^Edit Text: / })
    .click();
  const box = page.getByRole('textbox', { name: 'Text', exact: true });
  // Each key's time in the page: on a busy machine the keys arrive further apart than typed.
  await page.evaluate(
    `window.keys = []; document.addEventListener('keydown', () => { window.keys.push(performance.now()); }, true)`,
  );
  let renders = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/campaigns/render-mjml')) renders += 1;
  });

  console.log(`load average before: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  const followed: number[] = [];
  const lines: string[] = [];
  for (const text of TEXTS.slice(0, RUNS)) {
    // Typed over the whole text (a blank text block is refused, which the preview would show).
    await box.focus();
    await page.keyboard.press('ControlOrMeta+A');
    renders = 0;
    await page.evaluate(`window.keys = []`);
    const shown = page.evaluate<number>(frameShowing(text));
    await page.keyboard.type(text, { delay: KEY_MS });
    const at = await shown;
    const keys = await page.evaluate<number[]>(`window.keys`);
    const lastKey = keys[keys.length - 1] ?? NaN;
    const gaps = keys.slice(1).map((time, i) => time - keys[i]!);
    // A pause longer than the debounce's lets a request go: what the typing itself asked for.
    const pauses = gaps.filter((gap) => gap > PREVIEW_PAUSE_MS).length;
    followed.push(Math.round(at - lastKey));
    lines.push(
      `  "${text}" (${keys.length} keys, ${KEY_MS} ms apart as typed, ${Math.round(median(gaps))} ms median in the page, ` +
        `${pauses} pauses over ${PREVIEW_PAUSE_MS} ms): shown ${Math.round(at - lastKey)} ms after the last key, ${renders} preview requests`,
    );
  }
  for (const line of lines) console.log(line);
  console.log(`load average after: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  console.log(
    `the preview follows typing: ${followed.join(' / ')} ms, median ${median(followed)} ms (target ≤ 300 ms)`,
  );
} finally {
  await browser.close();
  await salon.close();
}
