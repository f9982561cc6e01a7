import type { FastifyBaseLogger } from 'fastify';
import type { PushMessage } from '../push/types.js';

/**
 * Every job name and its payload, in one registry: a job cannot be enqueued under a name
 * that has no handler, nor with the wrong payload.
 */
export interface JobPayloads {
  /** Render one outbox email and hand it to the mail server. */
  'mail.send': { emailId: number };
  /** Hand one outbox text message to the SMS provider (see sms/send-job.ts). */
  'sms.send': { smsId: number };
  /** The salon's daily SMS budget was spent on `day`: tell the admins (modules/sms/jobs.ts). */
  'sms.daily_limit_reached': { day: string; limit: number };
  /** Deliver one push notification to one registered device of the user (see push/send-job.ts). */
  'push.send': { deviceId: number; userId: number; message: PushMessage };
  /** Daily: tell admins about clients not back for `visit_frequency_days` (clients/visit-alerts.ts). */
  'clients.visit_frequency_alerts': { from: string | null };
  /** Create a reset token and email it, if the address belongs to a user (see auth/jobs.ts). */
  'auth.forgot_password': { email: string };
  /** Confirmation email of a regular booking (see bookings/jobs.ts). */
  'booking.created': { bookingId: number };
  /** The booking's current times, 30 minutes after its last time change (one per window). */
  'booking.updated': { bookingId: number };
  /** Cancellation email to the client. */
  'booking.cancelled': { bookingId: number };
  /**
   * One appointment reminder (bookings/reminders.ts), keyed `reminder:<bookingId>:<channel>:<hours>`:
   * sent only while the booking is still scheduled at `startAt`, once per key and start.
   */
  'booking.reminder': { bookingId: number; channel: 'email' | 'sms'; hours: number; startAt: string };
  /** After the reminder settings or the time zone change: every future booking's reminders planned anew. */
  'booking.reminders_resync': Record<string, never>;
  /** Review request with the booking's feedback_token, once it is completed. */
  'booking.review_request': { bookingId: number };
  /**
   * Follow-up sequence: one step (`stepId`, campaigns/followups.ts) days after a completed
   * visit; without `stepId`, the default "book again" email.
   */
  'booking.followup': { bookingId: number; stepId?: number };
  /** Checkout session for a no-show fee, and the fee email (see payments/noshow.ts). */
  'payments.noshow_fee': { bookingId: number };
  /** A deposit not paid within `deposit_timeout_min`: expire its checkout, release its bookings (payments/deposits.ts). */
  'payments.deposit_release': { paymentId: number };
  /** One campaign recipient: render the campaign's blocks and send (campaigns/send.ts). */
  'campaign.send': { recipientId: number };
  /** A day after a completed visit: products other clients with that service bought (campaigns/recommendations.ts). */
  'campaign.product_recommendations': { bookingId: number };
  /** Daily: announce seasonal promotions that began, once each (campaigns/seasonal.ts). */
  'campaign.seasonal_promotions': Record<string, never>;
  /** Create a client's magic sign-in link and email it, if the address is a client's (public/accounts.ts). */
  'public.client_magic_link': { email: string; return_to?: string };
  /**
   * A stranger's booking (or visit) held for its confirm link (`booking_hold_new_clients`),
   * keyed `booking.hold_release:<first booking id>`: released when still provisional
   * (public/booking-hold.ts).
   */
  'public.booking_hold_release': { bookingIds: number[] };
  /**
   * One attempt of one webhook delivery (webhooks/delivery.ts), keyed `webhook.delivery:<id>`.
   * The delivery keeps its own retry schedule: the job re-enqueues itself, so the queue's
   * attempts only cover a crash or a database error.
   */
  'webhook.deliver': { deliveryId: number };
  /** Daily at 03:00 salon time when BACKUP_DIR is set: a backup of the SQLite database and uploads (backup/job.ts). */
  'system.backup': Record<string, never>;
}

export type JobName = keyof JobPayloads;

export interface JobContext {
  jobId: number;
  /** 1 on the first try. */
  attempt: number;
  maxAttempts: number;
  isLastAttempt: boolean;
  log: FastifyBaseLogger;
}

/** Resolve to succeed; throw to be retried with backoff (and marked dead after the last attempt). */
export type JobHandler<N extends JobName> = (payload: JobPayloads[N], context: JobContext) => Promise<void>;

export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** Attempts before a job is marked dead; mail retries for about an hour. */
export const MAX_ATTEMPTS: { [N in JobName]: number } = {
  'campaign.send': 8,
  'campaign.product_recommendations': 5,
  'campaign.seasonal_promotions': 5,
  'mail.send': 8,
  'sms.send': 8,
  'sms.daily_limit_reached': 5,
  'push.send': 6,
  'clients.visit_frequency_alerts': 5,
  'auth.forgot_password': 5,
  'booking.created': 5,
  'booking.updated': 5,
  'booking.cancelled': 5,
  'booking.reminder': 5,
  'booking.reminders_resync': 5,
  'booking.review_request': 5,
  'booking.followup': 5,
  'payments.noshow_fee': 6,
  'payments.deposit_release': 6,
  'public.client_magic_link': 5,
  'public.booking_hold_release': 6,
  'webhook.deliver': 5,
  'system.backup': 3,
};
