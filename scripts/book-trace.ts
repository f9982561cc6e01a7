import { writeFileSync } from 'node:fs';
import { chromium, type CDPSession } from 'playwright-core';
import { startDemoSalon } from './demo-salon.js';
import { mainThreadEvents, type TraceEvent } from './page-profile.js';

/*
 * The booking page's main-thread tasks from its navigation until it is quiet, in each language,
 * at 4× CPU slowdown (what Lighthouse's mobile profile assumes of a phone; TRACE_SLOWDOWN): each task over
 * MIN_MS with when it began, its wall and CPU time and what the time went to (the scripts it
 * evaluated or called, by file). Lighthouse's Total Blocking Time counts the part of each task
 * over 50 ms after the first paint; this says which work that is.
 *
 *   npx tsx scripts/book-trace.ts                  # English, then Dutch, TRACE_RUNS (2) each
 *   TRACE=/tmp/book npx tsx scripts/book-trace.ts  # also writes each trace (DevTools opens them)
 *   PROFILE=1 npx tsx scripts/book-trace.ts        # each task's JavaScript that took the most time
 *                                                  # (a build without minifying gives the source's names)
 *   TRACE_DIST=/tmp/dist ...                       # another web build (a copy of web/dist)
 *   TRACE_SLOWDOWN=1 ...                           # the CPU as it is (Lighthouse's lab runs so, and
 *                                                  # multiplies each task by 4: those over 12.5 ms count)
 */

const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.TRACE_RUNS ?? 2));
const MIN_MS = Number(process.env.TRACE_MIN_MS ?? 30);
const TRACE = process.env.TRACE;
const PROFILE = process.env.PROFILE === '1';
const LANGUAGES = (process.env.TRACE_LANGUAGES ?? 'en,nl').split(',');
const SLOWDOWN = Number(process.env.TRACE_SLOWDOWN ?? 4);

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Starts a sampled profile of the page's JavaScript; the function answered stops it. */
async function startProfile(cdp: CDPSession): Promise<() => Promise<Profile>> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async () => ((await cdp.send('Profiler.stop')) as unknown as { profile: Profile }).profile;
}

/** The functions that took the most of [from, to) (trace microseconds) by their own time. */
function functionsIn(profile: Profile, from: number, to: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < from || at >= to) return;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    const label = `${functionName || '(anonymous)'}${url ? ` ${url.split('/').pop()}:${lineNumber + 1}` : ''}`;
    self.set(label, (self.get(label) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([label, us]) => `${label} ${Math.round(us / 1000)}`)
    .join(', ');
}

/** Trace events of the page's own JavaScript running. */
const PAGE_SCRIPT = new Set(['FunctionCall', 'TimerFire', 'FireIdleCallback', 'v8.evaluateModule', 'RunMicrotasks']);

interface Event extends TraceEvent {
  args?: {
    name?: string;
    data?: { url?: string; functionName?: string; frame?: string };
    frame?: string;
  };
}

/** Lighthouse's blocking time of these tasks (ms of CPU at this trace's slowdown) at its 4×: each one's part over 50 ms. */
function simulatedBlocking(cpuMs: number[]): number {
  return cpuMs.reduce((sum, ms) => sum + Math.max(0, (ms * 4) / SLOWDOWN - 50), 0);
}

function describe(events: Event[], since: number, profile: Profile | undefined): string[] {
  const timed = mainThreadEvents(events);
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
    if (profile) lines.push(`      JavaScript: ${functionsIn(profile, task.ts, end)}`);
  }
  lines.push(`blocking time after the first paint (tasks' part over 50 ms): ${Math.round(blocking)} ms`);
  // The page's own script tasks (its modules, callbacks, timers and React's slices; not the
  // harness's EvaluateScript), longest first by CPU: what Lighthouse counts once the page's data
  // arrives after its first paint, as it does on a phone's network.
  const scripted = timed
    .filter((event) => event.name === 'RunTask')
    .filter((task) =>
      timed.some(
        (event) =>
          PAGE_SCRIPT.has(event.name) &&
          event.tid === task.tid &&
          event.ts >= task.ts &&
          event.ts < task.ts + task.dur!,
      ),
    )
    .map((task) => (task.tdur ?? task.dur!) / 1000)
    .sort((a, b) => b - a);
  lines.push(
    `the page's longest script tasks (ms CPU): ${scripted
      .slice(0, 5)
      .map((ms) => ms.toFixed(1))
      .join(', ')}; ` + `those × ${4 / SLOWDOWN} over 50 ms: ${Math.round(simulatedBlocking(scripted))} ms`,
  );
  // What Lighthouse's simulation does with an unthrottled trace: each task's time × 4, its part
  // over 50 ms counted. From the CPU time, which a busy machine's other work does not stretch.
  if (paint) {
    const after = timed.filter((event) => event.name === 'RunTask' && event.ts > paint.ts);
    const cpu = after.map((task) => (task.tdur ?? task.dur!) / 1000);
    const simulated = simulatedBlocking(cpu);
    lines.push(
      `after the first paint: ${Math.round(cpu.reduce((sum, ms) => sum + ms, 0))} ms CPU, longest task ` +
        `${Math.round(Math.max(0, ...cpu))} ms CPU; blocking time simulated from the CPU (× ${4 / SLOWDOWN}): ${Math.round(simulated)} ms`,
    );
  }
  return lines;
}

const salon = await startDemoSalon({ webDistDir: process.env.TRACE_DIST || undefined });
try {
  for (let run = 0; run < RUNS; run++) {
    for (const language of LANGUAGES) {
      // A browser of its own for each load, as a first visit has: a renderer process that an
      // earlier load left with the locale's Intl data and the scripts' compiled code would make
      // this one's first calls and evaluations cheaper than a visitor's.
      const browser = await chromium.launch({ executablePath: CHROME, args: ['--disable-gpu'] });
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'],
      });
      const stopProfile = PROFILE ? await startProfile(cdp) : null;
      await page.goto(`${salon.base}/book?lang=${language}`, { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(4000);
      const buffer = await browser.stopTracing();
      const profile = await stopProfile?.();
      if (TRACE) writeFileSync(`${TRACE}-${language}-${run + 1}.json`, buffer);
      const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: Event[] }).traceEvents;
      // The page's own navigation: the one of the frame that painted, the latest before its first
      // paint (the tab's blank page is another; Chromium leaves `documentLoaderURL` empty in both).
      const paint = events.find((event) => event.name === 'firstContentfulPaint');
      const navigation = events
        .filter((event) => event.name === 'navigationStart' && event.args?.frame === paint?.args?.frame)
        .filter((event) => paint === undefined || event.ts <= paint.ts)
        .sort((a, b) => a.ts - b.ts)
        .at(-1);
      console.log(`/book?lang=${language}, run ${run + 1}:`);
      for (const line of describe(events, navigation?.ts ?? events[0]!.ts, profile)) console.log(line);
      await browser.close();
    }
  }
} finally {
  await salon.close();
}
