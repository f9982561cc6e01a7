import { param, type Param } from '../../../lib/search-params';

/** A calendar day, `YYYY-MM-DD`; '' (the default) is the salon's today. */
const day: Param<string> = {
  default: '',
  history: 'push',
  read: (text) => (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? text : null),
  write: (value) => value,
};

/**
 * The calendar's state in its address, so a reload, Back and a shared link show the same day:
 * `/calendar?date=2026-12-03&view=day&staff=2&location=1`. A day or view changed adds a history
 * entry (Back returns to the day before); the member and the location replace it. 0 = none.
 */
export const CALENDAR_PARAMS = {
  date: day,
  view: param.oneOf(['day', 'week'] as const, { default: 'day', history: 'push' }),
  staff: param.integer({ default: 0, min: 0 }),
  location: param.integer({ default: 0, min: 0 }),
};
