/*
 * A report's period in the address (`?from=2026-02-01&to=2026-02-28`), as the clients list keeps
 * its filters: a reload or a shared link opens the same figures. Left out, it is this month so
 * far (the salon's days are the browser's here: the API reads the days in the salon's zone).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = () => ({
  default: '',
  history: 'push' as const,
  read: (text: string) => (DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? text : null),
  write: (value: string) => value,
});

export const RANGE_SCHEMA = { from: day(), to: day() };

export interface Period {
  from: string;
  to: string;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** Today as `YYYY-MM-DD` in the browser's zone. */
export function today(): string {
  const now = new Date();
  return iso(new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())));
}

/** The period shown: the address's days, each missing one filled in (this month so far). */
export function periodOf(values: { from: string; to: string }): Period {
  const to = values.to || today();
  const from = values.from || `${to.slice(0, 8)}01`;
  return from <= to ? { from, to } : { from: to, to: from };
}

/** `YYYY-MM-DD` plus `days`. */
export function addDays(date: string, days: number): string {
  return iso(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
}

/**
 * The period cut into the buckets of the revenue chart: whole calendar months (cut at the
 * period's ends) when it spans more than 31 days, else weeks of seven days from its first day.
 * At most 24 months are shown (the last 24), so a chart never asks for more than 24 sums.
 */
export function buckets(period: Period): Period[] {
  const spanDays = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 + 1;
  const out: Period[] = [];
  if (spanDays <= 31) {
    for (let from = period.from; from <= period.to; from = addDays(from, 7)) {
      const end = addDays(from, 6);
      out.push({ from, to: end < period.to ? end : period.to });
    }
    return out;
  }
  let from = period.from;
  while (from <= period.to) {
    const [year, month] = from.split('-').map(Number) as [number, number];
    const last = iso(new Date(Date.UTC(year, month, 0)));
    out.push({ from, to: last < period.to ? last : period.to });
    from = addDays(last, 1);
  }
  return out.slice(-24);
}
