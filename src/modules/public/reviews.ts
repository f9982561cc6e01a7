import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, conflict } from '../../lib/errors.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { bookingLink } from '../bookings/service.js';
import { notice, notifyAdmins, notifyUser } from '../notifications/service.js';
import { readSettings, readTimezone } from '../settings/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import type { ReviewInput } from './schemas.js';

/*
 * POST /public/reviews: a client rates a completed visit with the booking's feedback_token
 * (sent in the review request). One review per booking, held by a unique constraint; the
 * staff member is stored with it for staff performance (avg_rating, review_count). With the
 * salon's `reviews_need_approval` on, it is stored hidden: the booking page shows it only once
 * the salon publishes it (PUT /api/reviews/:id); off (the default), it shows at once.
 */

const reviewExists = () => conflict('review_exists', 'This visit has been reviewed already');

export async function createReview(ctx: AppContext, input: ReviewInput) {
  const timezone = await readTimezone(ctx.db);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const booking = await trx
        .selectFrom('bookings as b')
        .innerJoin('services as s', 's.id', 'b.service_id')
        .innerJoin('users as u', 'u.id', 'b.staff_id')
        .select(['b.id', 'b.staff_id', 'b.client_id', 's.name as service_name', 'u.name as staff_name', 'u.role'])
        .where('b.feedback_token', '=', input.token)
        .executeTakeFirst();
      if (!booking) throw new AppError(404, 'not_found', 'No visit has this feedback token');
      const taken = await trx
        .selectFrom('reviews')
        .select('id')
        .where('booking_id', '=', booking.id)
        .executeTakeFirst();
      if (taken) throw reviewExists();
      const comment = input.comment?.trim() ?? '';
      const held = (await readSettings(trx)).reviews_need_approval === 1;
      const review = await trx
        .insertInto('reviews')
        .values({
          booking_id: booking.id,
          staff_id: booking.staff_id,
          client_id: booking.client_id,
          rating: input.rating,
          comment,
          created_at: nowIso(),
          published: held ? 0 : 1,
        })
        .returning(['id', 'rating', 'comment', 'created_at'])
        .executeTakeFirstOrThrow();
      // No client name in the notice: the review is about the visit, the link leads to it.
      const announcement = {
        type: 'review.new' as const,
        title: notice('notification.review_new.title', { rating: input.rating }),
        message: comment
          ? notice('notification.review_new.message_comment', {
              service: booking.service_name,
              staff: booking.staff_name,
              comment: comment.slice(0, 140),
            })
          : notice('notification.review_new.message', { service: booking.service_name, staff: booking.staff_name }),
        link: bookingLink(booking.id),
      };
      await notifyAdmins(trx, announcement);
      // An admin who did the work heard of it above already.
      if (booking.role !== 'admin') await notifyUser(trx, booking.staff_id, announcement);
      await recordWebhookEvent(trx, 'review.created', review.id);
      return { ...review, created_at: formatInstant(review.created_at, timezone) };
    });
  } catch (error) {
    // Two posts of one token at once: the unique booking_id refuses the second.
    if (isUniqueViolation(error)) throw reviewExists();
    throw error;
  }
}
