/*
 * The booking's choices in the page's address, so that a reload, the back button and a shared
 * link bring them back: `/book?services=3,5&staff=2&date=2026-12-03&time=10:00`. Services in the
 * order chosen (a visit runs them in that order), the member (absent: anyone), the day and the
 * start, in the salon's wall-clock time. Never anything about the client: the details typed stay
 * in the page.
 *
 * This file only reads and writes the text: whether a service still exists, a day is open or a
 * time still free is for the page to decide once it knows (it drops what is not).
 */

export interface BookingChoices {
  services: number[];
  staff: number | null;
  /** YYYY-MM-DD */
  date: string | null;
  /** HH:MM */
  time: string | null;
}

export const NO_CHOICES: BookingChoices = { services: [], staff: null, date: null, time: null };

const KEYS = ['services', 'staff', 'date', 'time'] as const;

function id(text: string): number | null {
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

function day(text: string | null): string | null {
  const match = text === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // A date that exists: 2026-02-31 does not.
  const check = new Date(Date.UTC(year, month - 1, date));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === date
    ? text
    : null;
}

function clock(text: string | null): string | null {
  return text !== null && /^([01]\d|2[0-3]):[0-5]\d$/.test(text) ? text : null;
}

/** The choices an address holds; what cannot be read is left out (a time needs its day). */
export function readChoices(search: string): BookingChoices {
  const params = new URLSearchParams(search);
  const services: number[] = [];
  for (const part of (params.get('services') ?? '').split(',')) {
    const service = id(part.trim());
    if (service !== null && !services.includes(service)) services.push(service);
  }
  const date = day(params.get('date'));
  return {
    services,
    staff: id(params.get('staff') ?? ''),
    date,
    time: date === null ? null : clock(params.get('time')),
  };
}

/**
 * The address's query with these choices, keeping its other parameters (`embed`, `lang` …).
 * Written by hand rather than by URLSearchParams, which would turn `3,5` and `10:00` into
 * `3%2C5` and `10%3A00`: the address stays readable when shared.
 */
export function writeChoices(search: string, choices: BookingChoices): string {
  const params = new URLSearchParams(search);
  for (const key of KEYS) params.delete(key);
  const others = params.toString();
  const own = [
    choices.services.length > 0 ? `services=${choices.services.join(',')}` : null,
    choices.services.length > 0 && choices.staff !== null ? `staff=${choices.staff}` : null,
    choices.services.length > 0 && choices.date !== null ? `date=${choices.date}` : null,
    choices.services.length > 0 && choices.date !== null && choices.time !== null ? `time=${choices.time}` : null,
  ].filter((part) => part !== null);
  const query = [others, ...own].filter((part) => part !== '').join('&');
  return query === '' ? '' : `?${query}`;
}

/** How far the booking has come: services, then a day, then a time. */
function depth(choices: BookingChoices): number {
  if (choices.services.length === 0) return 0;
  if (choices.date === null) return 1;
  return choices.time === null ? 2 : 3;
}

/**
 * A new entry in the browser's history only when the booking reaches a further step (the first
 * service, a day, a time), so that Back goes back one step; any other change (another day, one
 * more service, who) replaces the current entry, so clicking through days adds nothing.
 */
export function historyMode(before: BookingChoices, after: BookingChoices): 'push' | 'replace' {
  return depth(after) > depth(before) ? 'push' : 'replace';
}
