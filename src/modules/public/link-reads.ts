import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { readBooking } from '../bookings/service.js';
import { readSettings } from '../settings/service.js';
import type { LinkedBookingOutput } from './schemas.js';
import { toPublicBooking } from './view.js';

/*
 * What the confirm, decline and review links of the emails act on, read without acting: the
 * pages name the appointment before the client presses anything (a mail scanner opening the
 * link changes nothing either). The tokens are the booking's own (`provisional_token`,
 * `feedback_token`), so a read answers only whoever holds the email.
 */

/** The booking a confirm or decline link answers; `answered` once it no longer awaits an answer. */
export async function readProvisionalByToken(ctx: AppContext, token: string): Promise<LinkedBookingOutput> {
  const found = await ctx.db
    .selectFrom('bookings')
    .select(['id', 'status'])
    .where('provisional_token', '=', token)
    .executeTakeFirst();
  if (!found) throw notFound('Booking');
  return linkedBooking(ctx, found.id, found.status !== 'provisional');
}

/** The visit a review link rates; `answered` once it has its review. */
export async function readReviewedVisitByToken(ctx: AppContext, token: string): Promise<LinkedBookingOutput> {
  const found = await ctx.db
    .selectFrom('bookings as b')
    .leftJoin('reviews as r', 'r.booking_id', 'b.id')
    .select(['b.id', 'r.id as review_id'])
    .where('b.feedback_token', '=', token)
    .executeTakeFirst();
  if (!found) throw notFound('Visit');
  return linkedBooking(ctx, found.id, found.review_id !== null);
}

async function linkedBooking(ctx: AppContext, id: number, answered: boolean): Promise<LinkedBookingOutput> {
  const [row, settings] = await Promise.all([readBooking(ctx.db, id), readSettings(ctx.db)]);
  if (!row) throw notFound('Booking');
  const minutes =
    (Date.parse(`${row.end_at.replace(' ', 'T')}Z`) - Date.parse(`${row.start_at.replace(' ', 'T')}Z`)) / 60_000;
  return { salon_name: settings.salon_name, answered, booking: { ...toPublicBooking(row), duration_min: minutes } };
}
