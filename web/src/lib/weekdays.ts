/*
 * Weekdays as the API numbers them (0 = Sunday … 6 = Saturday), without any date library: the
 * booking page's first load lists the opening hours with these, and a module in the first load
 * brings everything it imports along (lib/datetime.ts would bring @internationalized/date).
 */

/** The seven weekdays (0 = Sunday) in the salon's order, from its `first_day_of_week`. */
export function weekdaysFrom(firstDayOfWeek: number): number[] {
  return [0, 1, 2, 3, 4, 5, 6].map((offset) => (firstDayOfWeek + offset) % 7);
}
