import { sql } from 'kysely';
import { inMonths, splitRange, splitRows } from './rollups.js';
import type { Executor } from '../../db/executor.js';
import { fromCents } from '../../lib/money.js';
import type { ReportRange } from './range.js';

/*
 * `staff-performance`: per staff member (the user an order or booking names)
 *  - revenue: SUM(total) of paid POS orders rung up for them, created in the range, minus the
 *    refunds of their orders completed in the range;
 *  - booking_count: their completed bookings starting in the range (salon wall clock);
 *  - avg_rating / review_count: reviews of them created in the range ("0.00" with none).
 * Three grouped aggregates joined to users; members with zero revenue and zero completed
 * bookings are left out. Order: revenue desc, booking_count desc, name, id.
 */

export interface StaffPerformance {
  id: number;
  name: string;
  revenue: number;
  booking_count: number;
  avg_rating: string;
  review_count: number;
}

/** Two decimals, rounded half-up on the exact ratio (avoids float formatting differences). */
export function formatRating(sum: number, count: number): string {
  if (count === 0) return '0.00';
  const hundredths = Math.floor((sum * 200 + count) / (2 * count));
  return (hundredths / 100).toFixed(2);
}

export async function staffPerformance(db: Executor, range: ReportRange): Promise<StaffPerformance[]> {
  // Whole months from the rollups (migration 0012), the partial ones from the source rows.
  const orders = splitRange(range.fromUtc, range.toUtc, 'instant');
  const bookings = splitRange(range.fromLocal, range.toLocal, 'wallclock');
  const revenue = sql<{ staff_id: number; cents: number }>`
    select staff_id, sum(cents) as cents from (${splitRows(
      orders,
      sql`select staff_id, revenue as cents from report_order_months where ${inMonths(sql.ref('month'), orders)}`,
      (start, end) => sql`
        select staff_id, total as cents from pos_orders
        where payment_status = 'paid' and created_at >= ${start} and created_at < ${end}
        union all
        select o.staff_id, -r.amount as cents from pos_refunds r cross join pos_orders o
        where o.id = r.order_id and r.status = 'completed' and r.completed_at >= ${start} and r.completed_at < ${end}`,
      sql`select staff_id, revenue as cents from report_order_months where 1 = 0`,
    )}) as r group by staff_id`;
  const completed = sql<{ staff_id: number; n: number }>`
    select staff_id, sum(n) as n from (${splitRows(
      bookings,
      sql`select staff_id, completed as n from report_booking_months where ${inMonths(sql.ref('month'), bookings)}`,
      (start, end) => sql`
        select staff_id, 1 as n from bookings
        where status = 'completed' and start_at >= ${start} and start_at < ${end}`,
      sql`select staff_id, completed as n from report_booking_months where 1 = 0`,
    )}) as b group by staff_id`;
  const ratings = sql<{ staff_id: number; total: number; n: number }>`
    select staff_id, sum(rating) as total, count(*) as n from reviews
    where ${range.fromUtc === null ? sql`1 = 1` : sql`created_at >= ${range.fromUtc}`}
      and ${range.toUtc === null ? sql`1 = 1` : sql`created_at < ${range.toUtc}`}
    group by staff_id`;

  const { rows } = await sql<{
    id: number;
    name: string;
    revenue: number;
    booking_count: number;
    rating_total: number;
    review_count: number;
  }>`
    select u.id, u.name,
      coalesce(r.cents, 0) as revenue,
      coalesce(b.n, 0) as booking_count,
      coalesce(v.total, 0) as rating_total,
      coalesce(v.n, 0) as review_count
    from users u
    left join (${revenue}) as r on r.staff_id = u.id
    left join (${completed}) as b on b.staff_id = u.id
    left join (${ratings}) as v on v.staff_id = u.id
    where coalesce(r.cents, 0) <> 0 or coalesce(b.n, 0) > 0
    order by coalesce(r.cents, 0) desc, coalesce(b.n, 0) desc, u.name asc, u.id asc`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    revenue: fromCents(Number(row.revenue)),
    booking_count: Number(row.booking_count),
    avg_rating: formatRating(Number(row.rating_total), Number(row.review_count)),
    review_count: Number(row.review_count),
  }));
}
