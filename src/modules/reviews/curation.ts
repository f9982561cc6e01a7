import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { paginate, type Page } from '../../http/pagination.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { formatInstant } from '../../lib/time.js';
import { parseRange } from '../reporting/service.js';
import { readTimezone } from '../settings/service.js';
import type { ReviewCurationInput, ReviewListInput, ReviewOutput } from './schemas.js';

/*
 * The admin's list of reviews, publishing or hiding one and replying to it. An unpublished review still counts
 * for staff performance but never shows on the booking page.
 */

function reviewQuery(executor: Executor) {
  return executor
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.staff_id')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .innerJoin('services as s', 's.id', 'b.service_id')
    .select([
      'r.id',
      'r.booking_id',
      'r.rating',
      'r.comment',
      'r.published',
      'r.staff_id',
      'u.name as staff_name',
      'r.client_id',
      'c.name as client_name',
      's.name as service_name',
      'r.created_at',
      'r.reply',
    ]);
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewQuery>['executeTakeFirstOrThrow']>>;

function toReview(row: ReviewRow, timezone: string): ReviewOutput {
  return { ...row, published: row.published === 1 ? 1 : 0, created_at: formatInstant(row.created_at, timezone) };
}

/** Newest first (created_at, then id), filtered by rating, staff member, day written and published. */
export async function listReviews(
  db: Kysely<DB>,
  query: ReviewListInput,
): Promise<ReviewOutput[] | Page<ReviewOutput>> {
  const timezone = await readTimezone(db);
  const range = parseRange(query, timezone);
  let rows = reviewQuery(db);
  let count = db.selectFrom('reviews as r');
  const narrow = <Q extends typeof rows | typeof count>(q: Q): Q => {
    let out = q as typeof count;
    if (query.rating !== undefined) out = out.where('r.rating', '=', query.rating);
    if (query.staff_id !== undefined) out = out.where('r.staff_id', '=', query.staff_id);
    if (query.published !== undefined) out = out.where('r.published', '=', query.published);
    if (range.fromUtc !== null) out = out.where('r.created_at', '>=', range.fromUtc);
    if (range.toUtc !== null) out = out.where('r.created_at', '<', range.toUtc);
    return out as Q;
  };
  rows = narrow(rows).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc');
  count = narrow(count);
  return paginate(
    rows,
    async () => Number((await count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    query,
    (row) => toReview(row, timezone),
  );
}

/** Publishes or hides one review, or sets the salon's reply to it; 404 when there is none. */
export async function curateReview(db: Kysely<DB>, id: number, change: ReviewCurationInput): Promise<ReviewOutput> {
  // The schema's minProperties counts properties before unknown ones are dropped, so a body of
  // unknown properties only arrives here empty: the same refusal as `{}`.
  if (change.published === undefined && change.reply === undefined) {
    throw badRequest('validation_failed', 'Give published or reply', [
      { field: 'body', message: 'must have published or reply' },
    ]);
  }
  const updated = await db
    .updateTable('reviews')
    .set({
      ...(change.published !== undefined ? { published: change.published ? 1 : 0 } : {}),
      ...(change.reply !== undefined ? { reply: change.reply.trim() } : {}),
    })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw notFound('Review');
  const row = await reviewQuery(db).where('r.id', '=', id).executeTakeFirstOrThrow();
  return toReview(row, await readTimezone(db));
}
