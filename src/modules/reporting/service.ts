/*
 * The reporting module's service, split by report family: calendar (heatmap, forecast), the
 * dashboard, sales, staff performance, client retention and VAT. Every report is SQL aggregates
 * (over the rollup tables where a range spans whole months, see rollups.ts).
 */
export { forecast, heatmap } from './calendar.js';
export { dashboard } from './dashboard.js';
export { parseRange } from './range.js';
export { DEFAULT_CHURN_DAYS, retention } from './retention.js';
export { salesSeries } from './series.js';
export {
  bookingCount,
  giftCardsReport,
  itemBreakdown,
  netSalesCents,
  promotionsReport,
  salesSummary,
} from './sales.js';
export { staffPerformance } from './staff.js';
export { vatReport } from './vat.js';
