/*
 * What other modules may use of the availability module: the pure engine (slots of a day, or
 * the verdict on one requested start, or the desk's working-time rules on one range) and the
 * loader that gathers its input for one date.
 */
export { availableSlots, endOf, judgeRange, judgeStart, type DayInput, type Refusal, type Slot } from './engine.js';
export { loadDay } from './loader.js';
