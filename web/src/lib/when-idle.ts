/*
 * Work the page wants soon but not before it has shown itself: run when the browser has nothing
 * else to do (after the frame is painted and input handled), or after `timeout` ms at the latest.
 * Where a browser has no requestIdleCallback (Safari), a timer stands in for it.
 */

/** Schedules `work`; the function returned cancels it (for an effect's cleanup). */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 200);
  return () => window.clearTimeout(handle);
}
