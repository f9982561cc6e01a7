import type { AppContext } from '../../context.js';
import type { BookingStatus } from '../../db/types.js';
import type { JobContext, JobHandler, JobHandlers } from '../../jobs/types.js';
import { queueEmail, type OutgoingEmail } from '../../mail/outbox.js';
import type { TemplateName } from '../../mail/templates/index.js';
import { automationAllowed, sendFollowupStep } from '../campaigns/service.js';
import { issueActionLinks } from './action-links.js';
import { bookingCalendarEvent } from './calendar-event.js';
import { emailData, readBooking, type BookingJoinedRow } from './service.js';

/*
 * The booking jobs (confirmation, change, cancellation, review request, follow-up). Each
 * reads the booking as it is when the job runs and emails the client, or skips (succeeds
 * without email) when there is nothing to say: the client has no email address (or was
 * erased), or the booking moved on meanwhile.
 */

type BookingJob =
  'booking.created' | 'booking.updated' | 'booking.cancelled' | 'booking.review_request' | 'booking.followup';

/**
 * Loads the booking and decides: null to skip (logged), else the booking and its client's
 * address. `wanted` lists the statuses in which the email still makes sense.
 */
async function loadFor(
  ctx: AppContext,
  bookingId: number,
  wanted: BookingStatus[],
  context: JobContext,
): Promise<(BookingJoinedRow & { client_email: string }) | null> {
  const row = await readBooking(ctx.db, bookingId);
  if (!row) {
    context.log.info({ bookingId }, 'booking gone; nothing to send');
    return null;
  }
  if (!wanted.includes(row.status)) {
    context.log.info({ bookingId, status: row.status }, 'booking status changed meanwhile; nothing to send');
    return null;
  }
  if (!row.client_email) {
    context.log.info({ bookingId }, 'client has no email address; nothing to send');
    return null;
  }
  return { ...row, client_email: row.client_email };
}

export function bookingJobs(ctx: AppContext): Pick<JobHandlers, BookingJob> {
  // The outbox row and its send job together, or neither (a retry then sends once).
  const queue = <N extends TemplateName>(email: OutgoingEmail<N>) =>
    ctx.db.transaction().execute((trx) => queueEmail(trx, email));

  /*
   * The client's links go in the same transaction as the email: fresh single-use tokens for
   * each email. The links are a credential, so the outbox forgets the email's data once sent.
   * A provisional booking has nothing to attend yet: its email carries cancel and move only.
   */
  const queueWithLinks = (
    row: BookingJoinedRow & { client_email: string },
    template: 'booking.confirmed' | 'booking.updated',
    calendar: Awaited<ReturnType<typeof bookingCalendarEvent>> | undefined,
  ) =>
    ctx.db.transaction().execute(async (trx) => {
      const { attendUrl, cancelUrl, moveUrl } = await issueActionLinks(trx, ctx.config, row);
      const links = row.status === 'scheduled' ? { attendUrl, cancelUrl, moveUrl } : { cancelUrl, moveUrl };
      await queueEmail(trx, {
        to: row.client_email,
        template,
        data: { ...emailData(row), calendar, links },
        sensitive: true,
      });
    });

  const created: JobHandler<'booking.created'> = async ({ bookingId }, context) => {
    const row = await loadFor(ctx, bookingId, ['scheduled', 'completed'], context);
    if (!row) return;
    const calendar = await bookingCalendarEvent(ctx.db, ctx.config, row);
    // A booking entered after the fact (completed already) gets no links: nothing is left to do.
    if (row.status !== 'scheduled') {
      await queue({ to: row.client_email, template: 'booking.confirmed', data: { ...emailData(row), calendar } });
      return;
    }
    await queueWithLinks(row, 'booking.confirmed', calendar);
  };

  // Skipped once the visit is over or cancelled: new times would then mean nothing.
  const updated: JobHandler<'booking.updated'> = async ({ bookingId }, context) => {
    const row = await loadFor(ctx, bookingId, ['scheduled', 'provisional'], context);
    if (!row) return;
    // A provisional booking is not in the client's calendar yet: its confirmation adds it.
    const calendar = row.status === 'scheduled' ? await bookingCalendarEvent(ctx.db, ctx.config, row) : undefined;
    await queueWithLinks(row, 'booking.updated', calendar);
  };

  const cancelled: JobHandler<'booking.cancelled'> = async ({ bookingId }, context) => {
    const row = await loadFor(ctx, bookingId, ['cancelled'], context);
    if (!row) return;
    const calendar = await bookingCalendarEvent(ctx.db, ctx.config, row);
    await queue({ to: row.client_email, template: 'booking.cancelled', data: { ...emailData(row), calendar } });
  };

  const reviewRequest: JobHandler<'booking.review_request'> = async ({ bookingId }, context) => {
    const row = await loadFor(ctx, bookingId, ['completed'], context);
    if (!row?.feedback_token) return;
    await queue({
      to: row.client_email,
      template: 'booking.review_request',
      data: {
        ...emailData(row),
        reviewUrl: `${ctx.config.publicBaseUrl}/review?token=${encodeURIComponent(row.feedback_token)}`,
      },
    });
  };

  const followup: JobHandler<'booking.followup'> = async ({ bookingId, stepId }, context) => {
    const row = await loadFor(ctx, bookingId, ['completed'], context);
    if (!row) return;
    // Checked when it runs: a toggle turned off, or a client who unsubscribed, stops it.
    if (!(await automationAllowed(ctx.db, 'followup_sequences_enabled', row.client_id))) {
      context.log.info({ bookingId }, 'follow-ups turned off or client unsubscribed; nothing to send');
      return;
    }
    if (stepId !== undefined) {
      const sent = await sendFollowupStep(ctx, stepId, { id: row.client_id, email: row.client_email });
      if (!sent) context.log.info({ bookingId, stepId }, 'follow-up step removed or inactive; nothing to send');
      return;
    }
    await queue({
      to: row.client_email,
      template: 'booking.followup',
      data: { ...emailData(row), bookUrl: `${ctx.config.publicBaseUrl}/book` },
    });
  };

  return {
    'booking.created': created,
    'booking.updated': updated,
    'booking.cancelled': cancelled,
    'booking.review_request': reviewRequest,
    'booking.followup': followup,
  };
}
