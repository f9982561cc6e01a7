import { sql } from 'kysely';
import type { Executor } from '../../jobs/queue.js';
import { fromCents } from '../../lib/money.js';
import type { ReportRange } from './range.js';

/*
 * `staff-performance`: per staff member (the user an order or booking names)
 *  - revenue: SUM(total) of paid POS orders rung up for them, created in the range;
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
  const revenue = db
    .selectFrom('pos_orders')
    .select((eb) => ['staff_id', eb.fn.sum<number>('total').as('cents')])
    .where('payment_status', '=', 'paid')
    .$if(range.fromUtc !== null, (qb) => qb.where('created_at', '>=', range.fromUtc as string))
    .$if(range.toUtc !== null, (qb) => qb.where('created_at', '<', range.toUtc as string))
    .groupBy('staff_id');
  const completed = db
    .selectFrom('bookings')
    .select((eb) => ['staff_id', eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'completed')
    .$if(range.fromLocal !== null, (qb) => qb.where('start_at', '>=', range.fromLocal as string))
    .$if(range.toLocal !== null, (qb) => qb.where('start_at', '<', range.toLocal as string))
    .groupBy('staff_id');
  const ratings = db
    .selectFrom('reviews')
    .select((eb) => ['staff_id', eb.fn.sum<number>('rating').as('total'), eb.fn.countAll<number>().as('n')])
    .$if(range.fromUtc !== null, (qb) => qb.where('created_at', '>=', range.fromUtc as string))
    .$if(range.toUtc !== null, (qb) => qb.where('created_at', '<', range.toUtc as string))
    .groupBy('staff_id');

  const rows = await db
    .selectFrom('users as u')
    .leftJoin(revenue.as('r'), 'r.staff_id', 'u.id')
    .leftJoin(completed.as('b'), 'b.staff_id', 'u.id')
    .leftJoin(ratings.as('v'), 'v.staff_id', 'u.id')
    .select([
      'u.id',
      'u.name',
      sql<number>`coalesce(r.cents, 0)`.as('revenue'),
      sql<number>`coalesce(b.n, 0)`.as('booking_count'),
      sql<number>`coalesce(v.total, 0)`.as('rating_total'),
      sql<number>`coalesce(v.n, 0)`.as('review_count'),
    ])
    .where(sql<boolean>`coalesce(r.cents, 0) <> 0 or coalesce(b.n, 0) > 0`)
    .orderBy(sql`coalesce(r.cents, 0)`, 'desc')
    .orderBy(sql`coalesce(b.n, 0)`, 'desc')
    .orderBy('u.name', 'asc')
    .orderBy('u.id', 'asc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    revenue: fromCents(Number(row.revenue)),
    booking_count: Number(row.booking_count),
    avg_rating: formatRating(Number(row.rating_total), Number(row.review_count)),
    review_count: Number(row.review_count),
  }));
}
