/** A shift, default shift or opening time: `HH:MM` to `HH:MM` of a day. */
export interface TimeRange {
  start_time: string;
  end_time: string;
}

/*
 * A staff member's working windows on one date, as the availability engine counts them:
 * the dated shifts of that date, else the default shifts of its weekday, else the salon's
 * opening hours of that weekday. Empty when none applies. Days the salon is closed (a holiday,
 * a closed weekday) and the member's time off are the caller's to apply: a calendar draws
 * them separately.
 */

export function workingWindows(
  staff: { shifts: TimeRange[]; defaultShifts: TimeRange[] },
  openingHours: { open_time: string | null; close_time: string | null; is_closed: number } | null,
): TimeRange[] {
  const ranges =
    staff.shifts.length > 0
      ? staff.shifts
      : staff.defaultShifts.length > 0
        ? staff.defaultShifts
        : openingHours?.open_time && openingHours.close_time && openingHours.is_closed !== 1
          ? [{ start_time: openingHours.open_time, end_time: openingHours.close_time }]
          : [];
  return ranges
    .filter((range) => range.end_time > range.start_time)
    .map((range) => ({ start_time: range.start_time, end_time: range.end_time }))
    .sort((a, b) => (a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1 : 0));
}
