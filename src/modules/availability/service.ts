/*
 * What other modules may use of the availability module: the pure engine (slots of a day, or
 * the verdict on one requested start, or the desk's working-time rules on one range), the
 * same for a visit of several services, and the loaders that gather their input for one date.
 */
export {
  availableSlots,
  endOf,
  judgeRange,
  judgeStart,
  type DayInput,
  type Refusal,
  type Slot,
  type TimeRange,
} from './engine.js';
export {
  loadDay,
  loadVisitDay,
  type DayRequest,
  type LoadedDay,
  type LoadedVisit,
  type VisitRequest,
} from './loader.js';
export type { PlacedPart, VisitSlot, VisitVerdict } from './visit-engine.js';
export { judgeVisit, visitSlots } from './visits.js';
export { workingWindows } from './working-time.js';
