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

/** What the revenue chart asks the service for (`GET /api/reporting/sales-series`). */
export interface SeriesAsk extends Period {
  interval: 'week' | 'month';
}

/** At most this many months are drawn: a longer period shows its last 24. */
export const MAX_MONTHS = 24;

/**
 * How the revenue chart cuts the period: weeks of seven days from its first day when it spans
 * up to 31 days, else whole calendar months (the service cuts the first and last at the
 * period's ends), the last 24 at most, so the chart stays readable.
 */
export function seriesAsk(period: Period): SeriesAsk {
  const spanDays = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 + 1;
  if (spanDays <= 31) return { ...period, interval: 'week' };
  const [year, month] = period.to.split('-').map(Number) as [number, number];
  const earliest = iso(new Date(Date.UTC(year, month - MAX_MONTHS, 1)));
  return { from: period.from < earliest ? earliest : period.from, to: period.to, interval: 'month' };
}
