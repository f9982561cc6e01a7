import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/*
 * Where a page's main-thread time goes, for the speed scripts (calendar-speed.ts,
 * stock-speed.ts): the longest tasks of a Chromium trace with what their time went to, and a
 * sampled JavaScript CPU profile summed by function. A long task says *when* the page froze;
 * the profile says *which code* froze it (with a build made without minifying, its names are
 * the source's).
 */

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The time the thread spent on the CPU (a busy machine's other work makes `dur` longer, not this). */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** The complete events (those with a duration) of the renderer's main threads in a trace. */
export function mainThreadEvents<Event extends TraceEvent>(events: Event[]): Event[] {
  const main = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  return events.filter((event) => event.ph === 'X' && event.dur !== undefined && main.has(`${event.pid}:${event.tid}`));
}

/**
 * The page's longest main-thread tasks in a trace (over 30 ms), the most CPU first, each with where
 * its CPU time went (ms by event, nested events counted in each).
 */
export function longTasks(events: TraceEvent[]): string[] {
  const timed = mainThreadEvents(events);
  const tasks = timed
    .filter((event) => event.name === 'RunTask' && event.dur! > 30_000)
    .sort((a, b) => (b.tdur ?? b.dur!) - (a.tdur ?? a.dur!))
    .slice(0, 8);
  return tasks.map((task) => {
    const byName = new Map<string, number>();
    for (const event of timed) {
      const inside =
        event !== task && event.tid === task.tid && event.ts >= task.ts && event.ts + event.dur! <= task.ts + task.dur!;
      if (inside) byName.set(event.name, (byName.get(event.name) ?? 0) + (event.tdur ?? event.dur!));
    }
    const top = [...byName]
      .filter(([name]) => name !== 'ThreadControllerImpl::RunTask')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 7)
      .map(([name, dur]) => `${name} ${Math.round(dur / 1000)}`);
    const cpu = task.tdur === undefined ? '' : ` (${Math.round(task.tdur / 1000)} ms on the CPU)`;
    return `task ${Math.round(task.dur! / 1000)} ms${cpu}: ${top.join(', ')}`;
  });
}

/** What the page itself does in a task: its scripts, events, timers, promises and layout. */
const PAGE_WORK = new Set([
  'FunctionCall',
  'TimerFire',
  'RunMicrotasks',
  'EventDispatch',
  'Layout',
  'UpdateLayoutTree',
]);

/**
 * The page's longest main-thread task in a trace, in wall time and on the CPU (each the longest
 * of its kind, so possibly two tasks). The harness's tasks are left out (Playwright evaluating
 * its locators, the profiler starting and stopping: tasks with no work of the page's own or
 * with Playwright's marks), or they would count as the page's.
 */
export function longestPageTask(events: TraceEvent[]): { wall: number; cpu: number } {
  const main = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const timed = events.filter(
    (event) => event.ph === 'X' && event.dur !== undefined && main.has(`${event.pid}:${event.tid}`),
  );
  const pageWork = timed.filter((event) => PAGE_WORK.has(event.name));
  // Playwright's locators run in the page, marked by events of their own (`__playwright_…`).
  const harness = timed.filter(
    (event) => event.name === 'EventDispatch' && /__playwright/.test(JSON.stringify(event.args ?? {})),
  );
  let wall = 0;
  let cpu = 0;
  for (const task of timed.filter((event) => event.name === 'RunTask' && event.dur! > 30_000)) {
    const end = task.ts + task.dur!;
    const inside = (event: TraceEvent) => event.tid === task.tid && event.ts >= task.ts && event.ts < end;
    if (!pageWork.some(inside) || harness.some(inside)) continue;
    wall = Math.max(wall, task.dur! / 1000);
    cpu = Math.max(cpu, (task.tdur ?? task.dur!) / 1000);
  }
  return { wall, cpu };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/**
 * Starts a sampled CPU profile of the page's JavaScript (written to `path` if given); the
 * function it answers stops it and answers the functions that took the most time, by their own
 * time ("self") and with what they called ("total"), in ms.
 */
export async function profileCpu(
  page: Page,
  path?: string,
): Promise<() => Promise<{ self: string[]; total: string[] }>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    await cdp.detach();
    // DevTools opens it too (Performance, "Load profile").
    if (path) writeFileSync(path, JSON.stringify(profile));
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const label = (node: ProfileNode) => {
      const file = node.callFrame.url.split('/').pop() ?? '';
      return `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}`;
    };
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    profile.samples.forEach((id, index) => {
      const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
      const node = byId.get(id)!;
      self.set(label(node), (self.get(label(node)) ?? 0) + ms);
      // Each function once per sample, however deep its recursion.
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const name = label(byId.get(at)!);
        if (!seen.has(name)) total.set(name, (total.get(name) ?? 0) + ms);
        seen.add(name);
      }
    });
    const top = (sums: Map<string, number>) =>
      [...sums]
        .filter(([name]) => !/^\((root|program|idle|anonymous)\) :0$/.test(name))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([name, ms]) => `${Math.round(ms)} ms ${name}`);
    return { self: top(self), total: top(total) };
  };
}
