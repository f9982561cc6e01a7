import type { Executor } from '../../db/executor.js';
import { fromCents, toCents } from '../../lib/money.js';
import { forecast } from './calendar.js';
import { netSalesCents } from './sales.js';
import { addDays, parseRange } from './range.js';

/*
 * `dashboard`: today's figures for the back office's home screen (salon zone), with the two
 * widgets behind their settings toggles:
 *  - revenue_goal (daily_revenue_goal_enabled): the goal, progress in percent of it (one
 *    decimal, may pass 100; 100 for a goal of 0) and what is left to reach it; null when off;
 *  - forecast (revenue_forecast_enabled): the `forecast` report for today and the next six
 *    days, with its totals; null when off.
 * Revenue is the reports' definition (the sales summary's): the paid POS orders created today
 * minus the refunds completed today, so a refund lowers the day it was given back, to the cent.
 * orders_today still counts the paid orders created today (a refund is not an order).
 */

export const DASHBOARD_FORECAST_DAYS = 7;

interface DashboardSettings {
  timezone: string;
  daily_revenue_goal_enabled: number;
  daily_revenue_goal: number;
  revenue_forecast_enabled: number;
}

export async function dashboard(db: Executor, settings: DashboardSettings, today: string) {
  const range = parseRange({ from: today, to: today }, settings.timezone);
  const [revenueCents, orders, bookings, nextDays] = await Promise.all([
    netSalesCents(db, range),
    db
      .selectFrom('pos_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('payment_status', '=', 'paid')
      .where('created_at', '>=', range.fromUtc as string)
      .where('created_at', '<', range.toUtc as string)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('start_at', '>=', `${today} 00:00:00`)
      .where('start_at', '<', `${addDays(today, 1)} 00:00:00`)
      .where('status', '<>', 'cancelled')
      .executeTakeFirstOrThrow(),
    settings.revenue_forecast_enabled ? forecast(db, today, DASHBOARD_FORECAST_DAYS) : Promise.resolve(null),
  ]);
  const goalCents = settings.daily_revenue_goal;
  const revenueGoal = settings.daily_revenue_goal_enabled
    ? {
        goal: fromCents(goalCents),
        progress: goalCents === 0 ? 100 : Math.round((revenueCents * 1000) / goalCents) / 10,
        remaining: fromCents(Math.max(0, goalCents - revenueCents)),
      }
    : null;
  const forecastWidget = nextDays && {
    days: DASHBOARD_FORECAST_DAYS,
    expected_revenue: fromCents(nextDays.reduce((sum, day) => sum + toCents(day.expected_revenue), 0)),
    booking_count: nextDays.reduce((sum, day) => sum + day.booking_count, 0),
    per_day: nextDays,
  };
  return {
    date: today,
    revenue_today: fromCents(revenueCents),
    orders_today: Number(orders.n),
    bookings_today: Number(bookings.n),
    revenue_goal: revenueGoal,
    forecast: forecastWidget,
  };
}
