import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { errorRef } from '../../http/schemas.js';
import { DEFAULT_TIMEZONE, todayIn } from '../../lib/time.js';
import { readSettings, readTimezone } from '../settings/service.js';
import {
  BookingCountOut,
  DashboardOut,
  ForecastOut,
  ForecastQuery,
  GiftCardsOut,
  HeatmapOut,
  ItemBreakdownOut,
  PromotionsOut,
  RangeQuery,
  RetentionOut,
  RetentionQuery,
  SalesSeriesOut,
  SalesSeriesQuery,
  SalesSummaryOut,
  StaffPerformanceOut,
  VatQuery,
  VatReportOut,
} from './schemas.js';
import {
  bookingCount,
  dashboard,
  DEFAULT_CHURN_DAYS,
  forecast,
  giftCardsReport,
  heatmap,
  itemBreakdown,
  parseRange,
  promotionsReport,
  retention,
  salesSeries,
  salesSummary,
  staffPerformance,
  vatReport,
} from './service.js';

const tags = ['reporting'];
const DEFAULT_FORECAST_DAYS = 30;

/** The owner's reports, all Admin. Definitions in docs/api.md "Reports". */
export async function reportingRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const rangeOf = async (query: { from?: string; to?: string }) => parseRange(query, await readTimezone(ctx.db));

  app.get('/api/reporting/sales-summary', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getSalesSummary',
      tags,
      summary: 'Total revenue of the paid POS orders, all time or created in the range',
      description:
        'Revenue = SUM(total) of orders with payment_status `paid` (pending and failed ones are not revenue). Without `from`/`to`: all time. With them: orders created in the range (salon days, both inclusive), as item-breakdown counts.',
      querystring: RangeQuery,
      response: { 200: SalesSummaryOut, 400: errorRef },
    },
    handler: async (request) => salesSummary(ctx.db, await rangeOf(request.query)),
  });

  app.get('/api/reporting/sales-series', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getSalesSeries',
      tags,
      summary: 'Revenue of each week or month of a period, in one answer (an extension, for the revenue chart)',
      description:
        'Each bucket’s `total_sales` is what sales-summary answers for that bucket’s days (sales minus refunds), and `total_sales` of the answer is their sum, the period’s sales-summary. Weeks are seven days from `from`; months are calendar months; the first and last bucket are cut at `from` and `to`. One query however many buckets.',
      querystring: SalesSeriesQuery,
      response: { 200: SalesSeriesOut, 400: errorRef },
    },
    handler: async (request) => salesSeries(ctx.db, request.query, await readTimezone(ctx.db)),
  });

  app.get('/api/reporting/booking-count', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getBookingCount',
      tags,
      summary: 'Number of bookings ever created, whatever their status (cancelled ones included)',
      description:
        'Without `from`/`to`: every booking ever created. With them: the bookings, whatever their status, whose `start_at` lies in the range (salon days, both inclusive): the days the calendar shows them on, not the day they were made.',
      querystring: RangeQuery,
      response: { 200: BookingCountOut, 400: errorRef },
    },
    handler: async (request) => bookingCount(ctx.db, await rangeOf(request.query)),
  });

  app.get('/api/reporting/item-breakdown', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getItemBreakdown',
      tags,
      summary: 'Top 10 products and top 10 services by revenue, from paid POS orders created in the range',
      description:
        'Item revenue = line_total − the line’s share of the promotion discount and of the loyalty amount, so an order’s items add up to its total. Packages are not listed.',
      querystring: RangeQuery,
      response: { 200: ItemBreakdownOut, 400: errorRef },
    },
    handler: async (request) => itemBreakdown(ctx.db, await rangeOf(request.query)),
  });

  app.get('/api/reporting/staff-performance', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getStaffPerformance',
      tags,
      summary: 'Revenue, completed bookings and ratings per staff member in the range',
      description:
        'revenue: paid POS orders created in the range with this staff_id; booking_count: completed bookings starting in the range; avg_rating/review_count: reviews created in the range. Ordered by revenue desc (then booking_count desc, name, id); members with zero revenue and zero completed bookings are left out.',
      querystring: RangeQuery,
      response: { 200: StaffPerformanceOut, 400: errorRef },
    },
    handler: async (request) => staffPerformance(ctx.db, await rangeOf(request.query)),
  });

  app.get('/api/reporting/retention', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getRetention',
      tags,
      summary: 'Active, returning and churned clients',
      description:
        'A visit is a day with a completed booking (salon wall clock). active_count: clients with a visit in the range; returning_count: active clients with at least two visits up to the end of the range; retention_rate: returning / active in percent (one decimal); avg_visit_days: mean days between a visit in the range and the previous visit of that client (one decimal, 0 when nobody came twice); churned: clients whose last visit up to `to` (today without `to`) is `churn_days` (default 90) or more days before it, first 50 by name, with lifetime spend of paid POS orders.',
      querystring: RetentionQuery,
      response: { 200: RetentionOut, 400: errorRef },
    },
    handler: async (request) => {
      const timezone = await readTimezone(ctx.db);
      const range = parseRange(request.query, timezone);
      const asOf = request.query.to ?? todayIn(timezone);
      return retention(ctx.db, ctx.dialect, range, asOf, request.query.churn_days ?? DEFAULT_CHURN_DAYS);
    },
  });

  app.get('/api/reporting/heatmap', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getBookingHeatmap',
      tags,
      summary: 'Bookings per weekday and starting hour (all time, cancelled excluded)',
      description: '`day` 1 = Sunday … 7 = Saturday; hours on the salon wall clock; only cells with bookings.',
      response: { 200: HeatmapOut },
    },
    handler: () => heatmap(ctx.db),
  });

  app.get('/api/reporting/forecast', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getRevenueForecast',
      tags,
      summary: 'Expected revenue of the scheduled bookings of the next `days` days (default 30), per day',
      description:
        'Bookings with status `scheduled` starting today … today + days − 1 (salon zone), grouped by day; expected_revenue = SUM of their booked price. Provisional (unconfirmed) bookings are not counted.',
      querystring: ForecastQuery,
      response: { 200: ForecastOut, 400: errorRef },
    },
    handler: async (request) =>
      forecast(ctx.db, todayIn(await readTimezone(ctx.db)), request.query.days ?? DEFAULT_FORECAST_DAYS),
  });

  app.get('/api/reporting/promotions', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getPromotionReport',
      tags,
      summary: 'Promotion uses and discount given in the range, in total and per promotion',
      description:
        'A use is one order that applied the code (promotion_usages, created in the range); total_discount is the discount those orders got.',
      querystring: RangeQuery,
      response: { 200: PromotionsOut, 400: errorRef },
    },
    handler: async (request) => promotionsReport(ctx.db, await rangeOf(request.query)),
  });

  app.get('/api/reporting/gift-cards', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getGiftCardReport',
      tags,
      summary: 'Gift cards sold and redeemed in the range, and the balance outstanding now',
      querystring: RangeQuery,
      response: { 200: GiftCardsOut, 400: errorRef },
    },
    handler: async (request) => {
      const timezone = await readTimezone(ctx.db);
      return giftCardsReport(ctx.db, parseRange(request.query, timezone), todayIn(timezone));
    },
  });

  app.get('/api/reporting/dashboard', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getDashboard',
      tags,
      summary: "Today's revenue, orders and bookings, with the revenue goal and forecast widgets",
      description:
        'revenue_goal is null unless `daily_revenue_goal_enabled`, forecast is null unless `revenue_forecast_enabled` (today and the next six days, as the forecast report). Revenue = SUM(total) of paid POS orders created today in the salon zone.',
      response: { 200: DashboardOut },
    },
    handler: async () => {
      const settings = await readSettings(ctx.db);
      const timezone = settings.timezone || DEFAULT_TIMEZONE;
      return dashboard(ctx.db, { ...settings, timezone }, todayIn(timezone));
    },
  });

  app.get('/api/reporting/vat', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getVatReport',
      tags,
      summary: 'VAT per rate of a period (net, VAT, gross): sales minus refunds, for the VAT return',
      description:
        'Sales: the lines of the paid orders created in the period; refunds: the lines of the refunds completed in it (a refund counts in the period it was given back). Per rate, each line’s VAT as recorded at the till (half-up to the cent) summed, net = gross − VAT, as the receipts and the Z report count; gift cards sold are outside VAT. `from` and `to` are required.',
      querystring: VatQuery,
      response: { 200: VatReportOut, 400: errorRef },
    },
    handler: async (request) =>
      vatReport(ctx.db, await rangeOf(request.query), { from: request.query.from, to: request.query.to }),
  });
}
