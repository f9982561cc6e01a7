import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { formatInstant } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { ReviewSummaryOutput } from './schemas.js';

/* What the booking page shows of the reviews: only published ones, and of their writers a first name. */

const SUMMARY_LATEST = 5;

/** What the booking page shows: the published reviews' average and count, and the latest comments. */
export async function reviewSummary(db: Kysely<DB>): Promise<ReviewSummaryOutput> {
  const [totals, latest, timezone] = await Promise.all([
    db
      .selectFrom('reviews')
      .where('published', '=', 1)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('rating').as('sum')])
      .executeTakeFirstOrThrow(),
    // reviews_published_created walked newest first, stopping at the fifth with a comment.
    db
      .selectFrom('reviews as r')
      .innerJoin('users as u', 'u.id', 'r.staff_id')
      .innerJoin('clients as c', 'c.id', 'r.client_id')
      .select(['r.rating', 'r.comment', 'r.created_at', 'r.reply', 'c.name as client_name', 'u.name as staff_name'])
      .where('r.published', '=', 1)
      .where('r.comment', '<>', '')
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(SUMMARY_LATEST)
      .execute(),
    readTimezone(db),
  ]);
  const count = Number(totals.n);
  return {
    // Rounded from the exact sum: the mean of integers needs no floating-point aggregate.
    average: count === 0 ? null : Math.round((Number(totals.sum) * 10) / count) / 10,
    count,
    latest: latest.map((row) => ({
      rating: row.rating,
      comment: row.comment,
      created_at: formatInstant(row.created_at, timezone),
      // A first name only: the booking page is public, the client's full name is personal data.
      client_first_name: row.client_name.trim().split(/\s+/)[0] ?? '',
      staff_name: row.staff_name,
      reply: row.reply,
    })),
  };
}
