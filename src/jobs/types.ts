import type { FastifyBaseLogger } from 'fastify';

/**
 * Every job name and its payload, in one registry: a job cannot be enqueued under a name
 * that has no handler, nor with the wrong payload.
 */
export interface JobPayloads {
  /** Render one outbox email and hand it to the mail server. */
  'mail.send': { emailId: number };
  /** Create a reset token and email it, if the address belongs to a user (see auth/jobs.ts). */
  'auth.forgot_password': { email: string };
  /** Confirmation email of a regular booking (see bookings/jobs.ts). */
  'booking.created': { bookingId: number };
  /** The booking's current times, 30 minutes after its last time change (one per window). */
  'booking.updated': { bookingId: number };
  /** Cancellation email to the client. */
  'booking.cancelled': { bookingId: number };
  /** Review request with the booking's feedback_token, once it is completed. */
  'booking.review_request': { bookingId: number };
  /** Follow-up sequence: "how was it / book again", days after a completed visit. */
  'booking.followup': { bookingId: number };
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
  'mail.send': 8,
  'auth.forgot_password': 5,
  'booking.created': 5,
  'booking.updated': 5,
  'booking.cancelled': 5,
  'booking.review_request': 5,
  'booking.followup': 5,
};
