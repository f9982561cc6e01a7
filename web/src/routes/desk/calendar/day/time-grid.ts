/*
 * The day's time grid, in minutes from the salon's midnight: the API writes wall-clock times in
 * the salon's zone (`2026-12-03 10:00:00`, shifts `10:00`), and the grid places them as they are
 * written, never through the browser's own clock or zone.
 */

export const DAY_MINUTES = 24 * 60;

/** `10:30` or `2026-12-03 10:30:00` → 630. */
export function minutesOfClock(hhmm: string): number {
  const [hours = '0', minutes = '0'] = hhmm.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/**
 * Where a booking lies on `date`'s grid, in minutes: one that began the evening before starts at
 * 0, one running past midnight ends at 24:00.
 */
export function spanOnDay(startAt: string, endAt: string, date: string): { start: number; end: number } {
  const start = startAt.slice(0, 10) < date ? 0 : minutesOfClock(startAt.slice(11, 16));
  const end = endAt.slice(0, 10) > date ? DAY_MINUTES : minutesOfClock(endAt.slice(11, 16));
  return { start, end: Math.max(end, start) };
}

/** `630` → `10:30`. */
export function clockOfMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The hours the grid shows: the salon's opening hours of the day, widened to every member's
 * working time and every booking of the day (a desk that booked outside the hours sees it), on
 * whole steps of `slotMinutes`. A day with none of these (closed, no bookings) shows 09:00–18:00,
 * so a desk can still book by overriding.
 */
export function gridRange(
  times: readonly { start: number; end: number }[],
  slotMinutes: number,
): { start: number; end: number } {
  const known = times.filter((time) => time.end > time.start);
  const start = known.length === 0 ? 9 * 60 : Math.min(...known.map((time) => time.start));
  const end = known.length === 0 ? 18 * 60 : Math.max(...known.map((time) => time.end));
  const first = Math.floor(start / slotMinutes) * slotMinutes;
  const last = Math.min(DAY_MINUTES, Math.ceil(end / slotMinutes) * slotMinutes);
  return { start: first, end: Math.max(last, first + slotMinutes) };
}

/** The starts of the grid's rows, `slotMinutes` apart. */
export function slotStarts(range: { start: number; end: number }, slotMinutes: number): number[] {
  const starts: number[] = [];
  for (let minute = range.start; minute < range.end; minute += slotMinutes) starts.push(minute);
  return starts;
}

/** The parts of [range] outside every working window: drawn as time the member does not work. */
export function offTime(
  range: { start: number; end: number },
  working: readonly { start: number; end: number }[],
): { start: number; end: number }[] {
  const windows = [...working].sort((a, b) => a.start - b.start);
  const gaps: { start: number; end: number }[] = [];
  let cursor = range.start;
  for (const window of windows) {
    if (window.start > cursor) gaps.push({ start: cursor, end: Math.min(window.start, range.end) });
    cursor = Math.max(cursor, window.end);
  }
  if (cursor < range.end) gaps.push({ start: cursor, end: range.end });
  return gaps.filter((gap) => gap.end > gap.start);
}
