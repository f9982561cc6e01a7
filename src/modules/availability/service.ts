/*
 * What other modules may use of the availability module: the pure engine (slots of a day, or
 * the verdict on one requested start) and the loader that gathers its input for one date.
 */
export { availableSlots, endOf, judgeStart, type Refusal, type Slot, type TimeRange } from './engine.js';
export { loadDay } from './loader.js';
export { workingWindows } from './working-time.js';
