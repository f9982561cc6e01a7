/** What of the day view's answer this reads: its resources and the bookings holding each. */
interface DayResources {
  resources: readonly { name: string; bookings: readonly number[] }[];
}

/**
 * The names of the resources (rooms, equipment) each booking of a day holds, by booking id, in
 * the day's order of resources (by name): the day view's `resources` turned around.
 */
export function resourcesByBooking(day: DayResources): Map<number, string[]> {
  const held = new Map<number, string[]>();
  for (const resource of day.resources) {
    for (const bookingId of resource.bookings) held.set(bookingId, [...(held.get(bookingId) ?? []), resource.name]);
  }
  return held;
}
