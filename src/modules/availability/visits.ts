import type { Refusal } from './engine.js';
import type { LoadedVisit } from './loader.js';
import { judgeVisitStart, visitSlots as slotsOf, type VisitSlot, type VisitVerdict } from './visit-engine.js';

/* A loaded visit's slots and the verdict on one start: the engine on what loadVisitDay gathered. */

/** Every start at which the whole visit fits on the loaded date, with the member of each part. */
export function visitSlots(loaded: LoadedVisit): VisitSlot[] {
  return slotsOf(loaded.input);
}

/**
 * Whether the visit may start at `startAt` (wall clock, on the loaded date): each part's
 * member, times and processing window, or the index of the first part that cannot be placed
 * and why. The desk passes the rules it may skip in `ignore` (`lead_time`, `too_far`,
 * `off_grid`; with override also `past`, `closed`, `outside_hours`).
 */
export function judgeVisit(loaded: LoadedVisit, startAt: string, ignore: Refusal[] = []): VisitVerdict {
  return judgeVisitStart(loaded.input, startAt, ignore);
}
