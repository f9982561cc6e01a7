import { Type } from 'typebox';
import { DateText, Id, named } from '../../http/schemas.js';

/* Reports, under /api/reporting, all Admin. Definitions: docs/api.md "Reports". */

const Money = Type.Number({ description: 'Currency units, e.g. 12.5' });
const Count = Type.Integer({ minimum: 0 });

const RANGE_NOTE =
  '`from`/`to` are salon-zone days (YYYY-MM-DD), both inclusive: `to` runs to the last instant of that day. Either may be left out: no bound on that side (both out = all time). A date that does not exist, or `from` after `to`, is 400 `validation_failed`.';

export const RangeQuery = Type.Object(
  {
    from: Type.Optional(DateText),
    to: Type.Optional(DateText),
  },
  { description: RANGE_NOTE },
);

export const SalesSummaryOut = named(
  'SalesSummary',
  Type.Object({
    total_sales: Type.Number({ description: 'SUM(total) of every POS order with payment_status = paid, all time' }),
  }),
);

export const SalesSeriesQuery = Type.Object(
  {
    from: DateText,
    to: DateText,
    interval: Type.Optional(
      Type.Union([Type.Literal('week'), Type.Literal('month')], {
        description:
          '`week`: seven days at a time from `from`; `month` (default): calendar months. The first and last bucket are cut at the period’s ends.',
      }),
    ),
  },
  {
    description:
      'The period: salon-zone days, both inclusive (both required). At most 120 buckets; more is 400 `validation_failed` naming `from`.',
  },
);

export const SalesSeriesOut = named(
  'SalesSeries',
  Type.Object({
    interval: Type.Union([Type.Literal('week'), Type.Literal('month')]),
    from: DateText,
    to: DateText,
    total_sales: Type.Number({ description: 'Revenue of the whole period: the sum of the buckets, as sales-summary' }),
    buckets: Type.Array(
      Type.Object({
        from: DateText,
        to: DateText,
        total_sales: Type.Number({ description: 'Revenue of the bucket, as sales-summary of from…to answers it' }),
      }),
      { description: 'Every bucket of the period, oldest first, those without sales at 0' },
    ),
  }),
);

export const BookingCountOut = named(
  'BookingCount',
  Type.Object({
    booking_count: Type.Integer({ description: 'Every booking ever created, cancelled ones included' }),
  }),
);

const itemFields = {
  name: Type.String({ description: "The catalogue's current name (the sold line's name if the item is gone)" }),
  qty_sold: Count,
  revenue: Type.Number({ description: 'SUM(line_total − line discount − line loyalty share) on paid orders' }),
};

export const ItemBreakdownOut = named(
  'ItemBreakdown',
  Type.Object({
    products: Type.Array(Type.Object({ product_id: Id, ...itemFields }), {
      description: 'Top 10 by revenue desc, ties by id asc',
    }),
    services: Type.Array(Type.Object({ service_id: Id, ...itemFields }), {
      description: 'Top 10 by revenue desc, ties by id asc',
    }),
  }),
);

export const StaffPerformanceOut = named(
  'StaffPerformance',
  Type.Array(
    Type.Object({
      id: Id,
      name: Type.String(),
      revenue: Type.Number({ description: 'SUM(total) of paid POS orders rung up for this staff member in the range' }),
      booking_count: Type.Integer({ description: 'Completed bookings starting in the range' }),
      avg_rating: Type.String({
        description: 'Mean rating of reviews created in the range, 2 decimals ("0.00" with none)',
      }),
      review_count: Count,
    }),
    { description: 'Revenue desc, then booking_count desc, name, id; zero revenue and zero bookings left out' },
  ),
);

export const HeatmapOut = named(
  'BookingHeatmap',
  Type.Array(
    Type.Object({
      day: Type.Integer({ minimum: 1, maximum: 7, description: '1 = Sunday … 7 = Saturday' }),
      hour: Type.Integer({ minimum: 0, maximum: 23, description: 'Hour of the start, salon wall clock' }),
      count: Type.Integer({ minimum: 1 }),
    }),
    { description: 'Cells with at least one non-cancelled booking, by day then hour' },
  ),
);

export const ForecastQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, default: 30 })),
});

export const ForecastOut = named(
  'RevenueForecast',
  Type.Array(
    Type.Object({
      day: DateText,
      expected_revenue: Type.Number({ description: 'SUM(price) of the scheduled bookings that day' }),
      booking_count: Type.Integer({ minimum: 1 }),
    }),
    { description: 'Days today … today + days − 1 (salon zone) with scheduled bookings, oldest first' },
  ),
);

export const PromotionsOut = named(
  'PromotionReport',
  Type.Object({
    total_used: Count,
    total_discount: Money,
    promotions: Type.Array(
      Type.Object({
        id: Id,
        name: Type.String(),
        code: Type.String(),
        times_used: Type.Integer({ minimum: 1 }),
        total_discount: Money,
      }),
      { description: 'Promotions used in the range: times_used desc, total_discount desc, id' },
    ),
  }),
);

export const GiftCardsOut = named(
  'GiftCardReport',
  Type.Object({
    sold_count: Type.Integer({ description: 'Gift cards issued in the range (sold at the till or issued directly)' }),
    sold_value: Type.Number({ description: 'Their face value' }),
    redeemed_count: Type.Integer({ description: 'Redemptions (payments with a card) in the range' }),
    redeemed_value: Type.Number({ description: 'Value redeemed in the range' }),
    outstanding_count: Type.Integer({ description: 'Cards spendable now: active, not expired, balance > 0' }),
    outstanding_balance: Type.Number({ description: 'Their balance now, whatever the range' }),
  }),
);

export const RetentionQuery = Type.Object(
  {
    from: Type.Optional(DateText),
    to: Type.Optional(DateText),
    churn_days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 3650,
        default: 90,
        description: 'Days without a visit that make a client churned',
      }),
    ),
  },
  { description: RANGE_NOTE },
);

export const RetentionOut = named(
  'Retention',
  Type.Object({
    active_count: Type.Integer({ description: 'Clients with a visit (a day with a completed booking) in the range' }),
    returning_count: Type.Integer({
      description: 'Active clients with at least two visits up to the end of the range (one of them in the range)',
    }),
    retention_rate: Type.Number({
      description: 'returning_count / active_count in percent, one decimal; 0 without active clients',
    }),
    avg_visit_days: Type.Number({
      description:
        'Mean days between a visit in the range and the same client’s previous visit, one decimal; 0 when nobody came twice',
    }),
    churned: Type.Array(
      Type.Object({
        id: Id,
        name: Type.String(),
        email: Type.Union([Type.String(), Type.Null()]),
        last_booking: Type.String({
          description: 'Start of the last completed booking, YYYY-MM-DD HH:MM:SS (salon wall clock)',
        }),
        total_spent: Type.Number({
          description: 'Lifetime spend: SUM(total) of the client’s paid POS orders minus their completed refunds',
        }),
      }),
      {
        description:
          'Clients (not erased, not merged) whose last visit up to `to` (today without `to`) is churn_days or more days before it; at most 50, by name then id. `from` does not narrow it',
      },
    ),
    churn_days: Type.Integer(),
  }),
);

const ForecastDay = Type.Object({
  day: DateText,
  expected_revenue: Type.Number(),
  booking_count: Type.Integer({ minimum: 1 }),
});

export const DashboardOut = named(
  'Dashboard',
  Type.Object({
    date: DateText,
    revenue_today: Type.Number({
      description:
        'Sales minus refunds today (salon zone): SUM(total) of paid POS orders created today minus the refunds completed today (below 0 when refunds of earlier sales outweigh them)',
    }),
    orders_today: Type.Integer({ description: 'Paid POS orders created today' }),
    bookings_today: Type.Integer({ description: 'Bookings starting today, cancelled ones excluded' }),
    revenue_goal: Type.Union(
      [
        Type.Object({
          goal: Type.Number({ description: 'settings.daily_revenue_goal' }),
          progress: Type.Number({
            description: 'revenue_today / goal in percent, one decimal, may exceed 100 (100 for a goal of 0)',
          }),
          remaining: Type.Number({ description: 'goal − revenue_today, never below 0' }),
        }),
        Type.Null(),
      ],
      { description: 'null unless daily_revenue_goal_enabled' },
    ),
    forecast: Type.Union(
      [
        Type.Object({
          days: Type.Integer({ description: 'Today and the next six days' }),
          expected_revenue: Type.Number({ description: 'Sum over per_day' }),
          booking_count: Type.Integer(),
          per_day: Type.Array(ForecastDay, {
            description: 'As the forecast report: days with scheduled bookings only',
          }),
        }),
        Type.Null(),
      ],
      { description: 'null unless revenue_forecast_enabled' },
    ),
  }),
);

export const VatQuery = Type.Object(
  { from: DateText, to: DateText },
  { description: 'The period: salon-zone days, both inclusive (both required).' },
);

const VatPart = (what: string) =>
  Type.Object(
    {
      net: Type.Number({ description: `${what}: gross − VAT` }),
      vat: Type.Number({ description: `${what}: the lines' own VAT, summed` }),
      gross: Type.Number({ description: `${what}: VAT included` }),
    },
    { description: what },
  );

export const VatReportOut = named(
  'VatReport',
  Type.Object({
    from: DateText,
    to: DateText,
    rates: Type.Array(
      Type.Object({
        rate: Type.Number({ description: 'Percent, e.g. 21' }),
        sales: VatPart('Lines of the paid orders created in the period'),
        refunds: VatPart('Lines of the refunds completed in the period'),
        net: Type.Number({ description: 'sales.net − refunds.net' }),
        vat: Type.Number({ description: 'sales.vat − refunds.vat: the VAT due at this rate' }),
        gross: Type.Number({ description: 'sales.gross − refunds.gross' }),
      }),
      { description: 'Every rate with a sale or a refund in the period, highest rate first' },
    ),
    totals: Type.Object(
      {
        sales: VatPart('All rates’ sales'),
        refunds: VatPart('All rates’ refunds'),
        net: Type.Number(),
        vat: Type.Number(),
        gross: Type.Number(),
      },
      { description: 'The rows added up, to the cent' },
    ),
  }),
);
