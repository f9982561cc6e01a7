import type { AppContext } from '../../context.js';
import type { BookingStatus } from '../../db/types.js';
import type { JobContext, JobHandler, JobHandlers } from '../../jobs/types.js';
import { queueEmail, type OutgoingEmail } from '../../mail/outbox.js';
import type { ActionLinks } from '../../mail/templates/bookings.js';
import type { TemplateName } from '../../mail/templates/index.js';
import { automationAllowed, sendFollowupStep } from '../campaigns/service.js';
import { issueActionLinks } from './action-links.js';
import { bookingCalendarEvent } from './calendar-event.js';
import { bookingQuery } from './reads.js';
import { reminderJobs } from './reminders.js';
import { readSettings } from '../settings/service.js';
import { emailData, readBooking, type BookingJoinedRow } from './service.js';

/*
 * The booking jobs (confirmation, change, cancellation, review request, follow-up). Each
 * reads the booking as it is when the job runs and emails the client, or skips (succeeds
 * without email) when there is nothing to say: the client has no email address (or was
 * erased), or the booking moved on meanwhile.
 *
 * A visit (several services in a row, one booking per part) gets one email per event, not
 * one per part: the parts' confirmation, change and cancellation jobs share a key per visit
 * (emailJobKey in transitions.ts), so the parts changed in one go fold into one queued job,
 * and that job, whichever part it names, writes for the whole visit: its parts in order and
 * one calendar event covering them.
 */

type BookingJob =
  | 'booking.created'
  | 'booking.updated'
  | 'booking.cancelled'
  | 'booking.review_request'
  | 'booking.followup'
  | 'booking.reminder'
  | 'booking.reminders_resync';

type Addressed = BookingJoinedRow & { client_email: string };

/**
 * Loads the booking and decides: null to skip (logged), else the booking and its client's
 * address. `wanted` lists the statuses in which the email still makes sense. `visitWide`: a
 * visit's job speaks for all its parts, so the part it happens to name need not be in one
 * of them (the handler picks the parts that are).
 */
async function loadFor(
  ctx: AppContext,
  bookingId: number,
  wanted: BookingStatus[],
  context: JobContext,
  visitWide = false,
): Promise<Addressed | null> {
  const row = await readBooking(ctx.db, bookingId);
  if (!row) {
    context.log.info({ bookingId }, 'booking gone; nothing to send');
    return null;
  }
  if (!(visitWide && row.visit_id !== null) && !wanted.includes(row.status)) {
    context.log.info({ bookingId, status: row.status }, 'booking status changed meanwhile; nothing to send');
    return null;
  }
  if (!row.client_email) {
    context.log.info({ bookingId }, 'client has no email address; nothing to send');
    return null;
  }
  return { ...row, client_email: row.client_email };
}

/**
 * The parts of the booking's visit in order whose status is one of `statuses` (just the
 * booking when it is not part of a visit).
 */
async function visitParts(ctx: AppContext, row: Addressed, statuses: BookingStatus[]): Promise<Addressed[]> {
  if (row.visit_id === null) return [row];
  const rows = await bookingQuery(ctx.db)
    .where('b.visit_id', '=', row.visit_id)
    .orderBy('b.visit_position')
    .orderBy('b.id')
    .execute();
  return rows
    .filter((part) => statuses.includes(part.status))
    .map((part) => ({ ...part, client_email: row.client_email }));
}

/** The email data of a booking, or of a visit's parts (the first part's fields, all parts listed). */
async function partsData(ctx: AppContext, parts: Addressed[], withCalendar: boolean) {
  const first = parts[0]!;
  const calendar = withCalendar ? await bookingCalendarEvent(ctx.db, ctx.config, first, parts) : undefined;
  return {
    ...emailData(first),
    ...(first.visit_id === null ? {} : { parts: parts.map(emailData) }),
    ...(calendar ? { calendar } : {}),
  };
}

export function bookingJobs(ctx: AppContext): Pick<JobHandlers, BookingJob> {
  // The outbox row and its send job together, or neither (a retry then sends once).
  const queue = <N extends TemplateName>(email: OutgoingEmail<N>) =>
    ctx.db.transaction().execute((trx) => queueEmail(trx, email));

  /*
   * Confirmation and change emails carry the client's own links, fresh single-use tokens
   * written in the same transaction as the email: attend (once scheduled), move (a booking of
   * its own; the salon moves a visit's parts together) and cancel, per part for a visit. The
   * links are a credential, so the outbox forgets the email's data once sent. A booking
   * entered after the fact (completed) has nothing left to do.
   */
  const queueBookingEmail = async (
    row: Addressed,
    parts: Addressed[],
    template: 'booking.confirmed' | 'booking.updated',
    withCalendar: boolean,
    priceCents?: number,
  ) => {
    // Read before the transaction: on SQLite a read through ctx.db inside it would wait for
    // the one connection the transaction holds.
    const data = {
      ...(await partsData(ctx, parts, withCalendar)),
      ...(priceCents === undefined ? {} : { priceCents }),
    };
    return ctx.db.transaction().execute(async (trx) => {
      const email = { to: row.client_email, clientId: row.client_id, template };
      const linksOf = async (part: Addressed): Promise<ActionLinks | undefined> => {
        if (part.status !== 'scheduled' && part.status !== 'provisional') return undefined;
        const { attendUrl, cancelUrl, moveUrl } = await issueActionLinks(trx, ctx.config, part);
        return {
          cancelUrl,
          ...(part.status === 'scheduled' ? { attendUrl } : {}),
          ...(part.visit_id === null ? { moveUrl } : {}),
        };
      };
      if (row.visit_id === null) {
        const links = await linksOf(row);
        if (!links) return queueEmail(trx, { ...email, data });
        return queueEmail(trx, { ...email, data: { ...data, links }, sensitive: true });
      }
      const linked = [];
      for (const [i, part] of parts.entries()) linked.push({ ...data.parts![i]!, links: await linksOf(part) });
      return queueEmail(trx, { ...email, data: { ...data, parts: linked }, sensitive: true });
    });
  };

  const created: JobHandler<'booking.created'> = async ({ bookingId }, context) => {
    const row = await loadFor(ctx, bookingId, ['scheduled', 'completed'], context, true);
    if (!row) return;
    const parts = await visitParts(ctx, row, ['scheduled', 'completed']);
    if (parts.length === 0) return;
    // The price the client booked at (the visit's parts together), when the salon shows prices.
    const { booking_show_prices: showPrices } = await readSettings(ctx.db);
    const priceCents = showPrices === 1 ? parts.reduce((sum, part) => sum + part.price, 0) : undefined;
    await queueBookingEmail(row, parts, 'booking.confirmed', true, priceCents);
  };

  // Skipped once the visit is over or cancelled: new times would then mean nothing.
  const updated: JobHandler<'booking.updated'> = async ({ bookingId }, context) => {
    const row = await loadFor(ctx, bookingId, ['scheduled', 'provisional'], context, true);
    if (!row) return;
    const parts = await visitParts(ctx, row, ['scheduled', 'provisional']);
    if (parts.length === 0) return;
    // A provisional booking is not in the client's calendar yet: its confirmation adds it.
    await queueBookingEmail(
      row,
      parts,
      'booking.updated',
      parts.some((part) => part.status === 'scheduled'),
    );
  };

  const cancelled: JobHandler<'booking.cancelled'> = async ({ bookingId }, context) => {
    const row = await loadFor(ctx, bookingId, ['cancelled'], context, true);
    if (!row) return;
    const remaining = row.visit_id === null ? [] : await visitParts(ctx, row, ['scheduled', 'provisional']);
    if (remaining.length > 0) {
      // Part of a visit cancelled, the rest still on: for the client the visit changed, and
      // its calendar event is updated (not removed) to what remains.
      await queue({
        to: row.client_email,
        clientId: row.client_id,
        template: 'booking.updated',
        data: await partsData(
          ctx,
          remaining,
          remaining.some((part) => part.status === 'scheduled'),
        ),
      });
      return;
    }
    const gone = await visitParts(ctx, row, ['cancelled']);
    if (gone.length === 0) return;
    await queue({
      to: row.client_email,
      clientId: row.client_id,
      template: 'booking.cancelled',
      data: await partsData(ctx, gone, true),
    });
  };

  const reviewRequest: JobHandler<'booking.review_request'> = async ({ bookingId }, context) => {
    const row = await loadFor(ctx, bookingId, ['completed'], context);
    if (!row?.feedback_token) return;
    await queue({
      to: row.client_email,
      clientId: row.client_id,
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
      const sent = await sendFollowupStep(ctx, stepId, {
        id: row.client_id,
        email: row.client_email,
        name: row.client_name,
      });
      if (!sent) context.log.info({ bookingId, stepId }, 'follow-up step removed or inactive; nothing to send');
      return;
    }
    await queue({
      to: row.client_email,
      clientId: row.client_id,
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
    ...reminderJobs(ctx),
  };
}
