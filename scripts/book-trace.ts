import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startDemoSalon } from './demo-salon.js';
import { profileCpu, type TraceEvent } from './page-profile.js';

/*
 * The booking page's main-thread tasks from its navigation until it is quiet, in each language,
 * at 4× CPU slowdown (what Lighthouse's mobile profile assumes of a phone): each task over
 * MIN_MS with when it began, its wall and CPU time and what the time went to (the scripts it
 * evaluated or called, by file). Lighthouse's Total Blocking Time counts the part of each task
 * over 50 ms after the first paint; this says which work that is.
 *
 *   npx tsx scripts/book-trace.ts                  # English, then Dutch, TRACE_RUNS (2) each
 *   TRACE=/tmp/book npx tsx scripts/book-trace.ts  # also writes each trace (DevTools opens them)
 *   PROFILE=1 npx tsx scripts/book-trace.ts        # and the JavaScript that took the most CPU (a
 *                                                  # build without minifying gives the source's names)
 */

const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.TRACE_RUNS ?? 2));
const MIN_MS = Number(process.env.TRACE_MIN_MS ?? 30);
const TRACE = process.env.TRACE;
const PROFILE = process.env.PROFILE === '1';
const LANGUAGES = (process.env.TRACE_LANGUAGES ?? 'en,nl').split(',');

interface Event extends TraceEvent {
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } };
}

function describe(events: Event[], since: number): string[] {
  const main = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const timed = events.filter(
    (event) => event.ph === 'X' && event.dur !== undefined && main.has(`${event.pid}:${event.tid}`),
  );
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  const lines = paint ? [`first contentful paint at ${Math.round((paint.ts - since) / 1000)} ms`] : [];
  let blocking = 0;
  for (const task of timed.filter((event) => event.name === 'RunTask' && event.dur! >= MIN_MS * 1000)) {
    const end = task.ts + task.dur!;
    const inside = timed.filter(
      (event) => event !== task && event.tid === task.tid && event.ts >= task.ts && event.ts + event.dur! <= end,
    );
    const byName = new Map<string, number>();
    for (const event of inside) {
      const url = event.args?.data?.url?.split('/').pop();
      const name = url ? `${event.name}(${url})` : event.name;
      byName.set(name, (byName.get(name) ?? 0) + (event.tdur ?? event.dur!));
    }
    const top = [...byName]
      .filter(([name]) => name !== 'ThreadControllerImpl::RunTask')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, dur]) => `${name} ${Math.round(dur / 1000)}`);
    if (paint && task.ts > paint.ts) blocking += Math.max(0, task.dur! / 1000 - 50);
    lines.push(
      `  at ${Math.round((task.ts - since) / 1000)} ms: ${Math.round(task.dur! / 1000)} ms (${Math.round((task.tdur ?? task.dur!) / 1000)} CPU): ${top.join(', ')}`,
    );
  }
  lines.push(`blocking time after the first paint (tasks' part over 50 ms): ${Math.round(blocking)} ms`);
  return lines;
}

const salon = await startDemoSalon();
const browser = await chromium.launch({ executablePath: CHROME, args: ['--disable-gpu'] });
try {
  for (let run = 0; run < RUNS; run++) {
    for (const language of LANGUAGES) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'],
      });
      const stopProfile = PROFILE ? await profileCpu(page) : null;
      await page.goto(`${salon.base}/book?lang=${language}`, { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(4000);
      const buffer = await browser.stopTracing();
      const profile = await stopProfile?.();
      if (TRACE) writeFileSync(`${TRACE}-${language}-${run + 1}.json`, buffer);
      const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: Event[] }).traceEvents;
      const navigation = events.find(
        (event) => event.name === 'navigationStart' && event.args?.data?.url?.includes('/book'),
      );
      console.log(`/book?lang=${language}, run ${run + 1}:`);
      for (const line of describe(events, navigation?.ts ?? events[0]!.ts)) console.log(line);
      if (profile) {
        console.log(`JavaScript by own time:\n  ${profile.self.slice(0, 15).join('\n  ')}`);
        console.log(`JavaScript with what it called:\n  ${profile.total.slice(0, 25).join('\n  ')}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await salon.close();
}
