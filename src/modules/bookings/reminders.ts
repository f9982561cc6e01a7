import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { lockRows } from '../../db/locks.js';
import type { BookingStatus, DB, Settings } from '../../db/types.js';
import { enqueue } from '../../jobs/queue.js';
import type { JobContext, JobHandler, JobHandlers, JobPayloads } from '../../jobs/types.js';
import { DEFAULT_TIMEZONE } from '../../lib/time.js';
import { queueEmail } from '../../mail/outbox.js';
import { brandOf } from '../../mail/render-email.js';
import { renderSms } from '../../mail/render-sms.js';
import { chooseLanguage } from '../../messages/index.js';
import type { BookingPart } from '../../mail/templates/bookings.js';
import type { ReminderData } from '../../mail/templates/reminders.js';
import { queueSms } from '../../sms/outbox.js';
import { defaultCountry, toE164 } from '../../sms/phone.js';
import { readSettings, reminderHours } from '../settings/service.js';
import { issueActionLinks } from './action-links.js';
import { bookingQuery, emailData } from './reads.js';
import { instantOfWallClock, localNow } from './wall-clock.js';

/*
 * Appointment reminders, by email and SMS, some hours before a scheduled booking starts.
 *
 * Each reminder is a durable job keyed `reminder:<bookingId>:<channel>:<hours>` carrying the
 * start it was planned for. `syncReminders` plans a booking's reminders from the settings and
 * is called, in the transaction of the change, wherever a booking becomes scheduled
 * (announceScheduled), moves (replaceBooking, the one place every move passes) or stops being
 * scheduled (cancelled, completed, no-show): it moves the queued jobs with the booking and
 * drops the ones no longer wanted. A reminder whose time has already passed is not planned:
 * the client was just told (the confirmation).
 *
 * Exactly once: the job locks the booking, sends only while it is still scheduled at the start
 * it was planned for, and records the reminder in `booking_reminders` (unique on booking,
 * channel, offset and start) in the same transaction as the outbox row. A second run of the
 * job, a second worker, a retry after a crash: each meets the ledger row and sends nothing.
 *
 * When the reminder settings or the time zone change, a `booking.reminders_resync` job plans
 * every future scheduled booking's reminders anew, in batches.
 */

export const REMINDER_CHANNELS = ['email', 'sms'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

type ReminderSettings = Pick<
  Settings,
  'timezone' | 'reminder_email_enabled' | 'reminder_email_hours' | 'reminder_sms_enabled' | 'reminder_sms_hours'
>;

const HOUR_MS = 3_600_000;
const RESYNC_BATCH = 200;

function hoursOf(settings: ReminderSettings, channel: ReminderChannel): number[] {
  return reminderHours(channel === 'email' ? settings.reminder_email_hours : settings.reminder_sms_hours);
}

function enabled(settings: ReminderSettings, channel: ReminderChannel): boolean {
  return (channel === 'email' ? settings.reminder_email_enabled : settings.reminder_sms_enabled) === 1;
}

export function reminderKey(bookingId: number, channel: ReminderChannel, hours: number): string {
  return `reminder:${bookingId}:${channel}:${hours}`;
}

export interface ReminderTarget {
  id: number;
  /** The status the booking has (or will have, when called before the row is written). */
  status: BookingStatus;
  start_at: string;
}

/**
 * Plans the reminders of `booking` in the caller's transaction: while it is scheduled, one
 * job per enabled channel and offset whose time is still ahead (queued ones move to the new
 * time); otherwise none. Jobs of the configured offsets no longer wanted are deleted; a job
 * already running re-checks the booking itself.
 */
export async function syncReminders(
  trx: Executor,
  booking: ReminderTarget,
  settings?: ReminderSettings,
  now: Date = new Date(),
): Promise<void> {
  const current = settings ?? (await readSettings(trx));
  const startMs = instantOfWallClock(booking.start_at, current.timezone).toMillis();
  const keys: string[] = [];
  const wanted: Array<{ key: string; payload: JobPayloads['booking.reminder']; runAt: number }> = [];
  for (const channel of REMINDER_CHANNELS) {
    for (const hours of hoursOf(current, channel)) {
      const key = reminderKey(booking.id, channel, hours);
      keys.push(key);
      const runAt = startMs - hours * HOUR_MS;
      if (booking.status === 'scheduled' && enabled(current, channel) && runAt > now.getTime()) {
        wanted.push({ key, runAt, payload: { bookingId: booking.id, channel, hours, startAt: booking.start_at } });
      }
    }
  }
  if (keys.length === 0) return;
  // A job awaiting its retry carries the old start: the fresh job below replaces it. Queued
  // jobs of wanted keys are moved by enqueue instead.
  const wantedKeys = wanted.map((job) => job.key);
  await trx
    .deleteFrom('jobs')
    .where('name', '=', 'booking.reminder')
    .where('key', 'in', keys)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'failed'),
        wantedKeys.length > 0
          ? eb.and([eb('status', '=', 'queued'), eb('key', 'not in', wantedKeys)])
          : eb('status', '=', 'queued'),
      ]),
    )
    .execute();
  for (const job of wanted) {
    await enqueue(trx, 'booking.reminder', job.payload, { key: job.key, runAtMs: job.runAt });
  }
}

/** Drops a booking's pending reminders: it was cancelled, completed or marked a no-show. */
export function dropReminders(trx: Executor, booking: ReminderTarget): Promise<void> {
  return syncReminders(trx, booking);
}

/**
 * The booking the job is about, locked, if it still deserves this reminder: scheduled, at the
 * start planned, not begun, the channel on with this offset, and the first scheduled part of
 * its visit (the visit gets one reminder listing every part).
 */
async function reminderSubject(
  trx: Transaction<DB>,
  ctx: AppContext,
  payload: JobPayloads['booking.reminder'],
  context: JobContext,
) {
  const { bookingId, channel, hours, startAt } = payload;
  // Locked: a cancel or move of this booking waits for the reminder's decision, or the
  // reminder waits for theirs, so it never goes out for a start that is no longer true.
  const booking = await lockRows(
    trx.selectFrom('bookings').select(['id', 'status', 'start_at', 'visit_id']).where('id', '=', bookingId),
    ctx.dialect,
  ).executeTakeFirst();
  const skip = (reason: string) => {
    context.log.info({ bookingId, channel, hours, reason }, 'reminder not sent');
    return null;
  };
  if (!booking) return skip('booking gone');
  if (booking.status !== 'scheduled') return skip(`booking is ${booking.status}`);
  if (booking.start_at !== startAt) return skip('booking moved');
  const settings = await readSettings(trx);
  if (!enabled(settings, channel) || !hoursOf(settings, channel).includes(hours)) {
    return skip('reminder turned off in the settings');
  }
  if (instantOfWallClock(startAt, settings.timezone).toMillis() <= Date.now()) return skip('appointment already began');

  let parts = await bookingQuery(trx).where('b.id', '=', bookingId).execute();
  if (booking.visit_id !== null) {
    parts = await bookingQuery(trx)
      .where('b.visit_id', '=', booking.visit_id)
      .where('b.status', '=', 'scheduled')
      .orderBy('b.start_at')
      .orderBy('b.id')
      .execute();
    if (parts[0]?.id !== bookingId) return skip('an earlier part of the visit sends the reminder');
  }
  return { parts, settings };
}

export function reminderJobs(ctx: AppContext): Pick<JobHandlers, 'booking.reminder' | 'booking.reminders_resync'> {
  const reminder: JobHandler<'booking.reminder'> = async (payload, context) => {
    await ctx.db.transaction().execute(async (trx) => {
      const subject = await reminderSubject(trx, ctx, payload, context);
      if (!subject) return;
      const { parts, settings } = subject;
      const first = parts[0]!;
      const client = await trx
        .selectFrom('clients')
        .select(['id', 'email', 'phone', 'sms_consent', 'language'])
        .where('id', '=', first.client_id)
        .executeTakeFirstOrThrow();

      let to: string | null = null;
      if (payload.channel === 'email') {
        to = client.email || null;
      } else if (settings.sms_enabled === 1 && client.sms_consent === 1 && client.phone) {
        to = toE164(client.phone, defaultCountry(settings.language));
      }
      if (!to) {
        context.log.info({ bookingId: payload.bookingId, channel: payload.channel }, 'client cannot receive it');
        return;
      }

      const claimed = await trx
        .insertInto('booking_reminders')
        .values({
          booking_id: payload.bookingId,
          channel: payload.channel,
          hours: payload.hours,
          start_at: payload.startAt,
          message_id: null,
          created_at: new Date().toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['booking_id', 'channel', 'hours', 'start_at']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!claimed) {
        context.log.info({ bookingId: payload.bookingId, channel: payload.channel }, 'reminder already sent');
        return;
      }

      // Fresh single-use links in this transaction, like the other booking emails: attend and
      // cancel per booking, move for a single booking only (the salon moves a visit's parts).
      const visitParts: BookingPart[] = [];
      for (const part of parts) {
        const links = await issueActionLinks(trx, ctx.config, part);
        visitParts.push({
          serviceName: part.service_name,
          staffName: part.staff_name,
          startAt: part.start_at,
          endAt: part.end_at,
          links: {
            attendUrl: links.attendUrl,
            cancelUrl: links.cancelUrl,
            ...(parts.length === 1 ? { moveUrl: links.moveUrl } : {}),
          },
        });
      }
      const data: ReminderData = { ...emailData(first), parts: visitParts };
      let messageId: number;
      if (payload.channel === 'email') {
        // The links are a credential: the outbox forgets the data once the email is sent.
        messageId = await queueEmail(trx, {
          to,
          clientId: client.id,
          template: 'booking.reminder',
          data,
          sensitive: true,
        });
      } else {
        const brand = brandOf(settings, ctx.config.publicBaseUrl);
        messageId = await queueSms(trx, {
          to,
          body: await renderSms(trx, 'sms.reminder', data, brand, chooseLanguage(client.language, brand.language)),
          template: 'booking.reminder',
          clientId: client.id,
          sensitive: true,
        });
      }
      await trx.updateTable('booking_reminders').set({ message_id: messageId }).where('id', '=', claimed.id).execute();
    });
  };

  const resync: JobHandler<'booking.reminders_resync'> = async (_payload, context) => {
    // Pending reminders of an offset or channel the settings no longer have.
    const settings = await readSettings(ctx.db);
    let afterJob = 0;
    let dropped = 0;
    for (;;) {
      const jobs = await ctx.db
        .selectFrom('jobs')
        .select(['id', 'payload'])
        .where('name', '=', 'booking.reminder')
        .where('id', '>', afterJob)
        .where('status', 'in', ['queued', 'failed'])
        .orderBy('id')
        .limit(RESYNC_BATCH)
        .execute();
      if (jobs.length === 0) break;
      afterJob = jobs.at(-1)!.id;
      const stale = jobs
        .filter((job) => {
          const { channel, hours } = JSON.parse(job.payload) as JobPayloads['booking.reminder'];
          return !enabled(settings, channel) || !hoursOf(settings, channel).includes(hours);
        })
        .map((job) => job.id);
      if (stale.length > 0) {
        const deleted = await ctx.db
          .deleteFrom('jobs')
          .where('id', 'in', stale)
          .where('status', 'in', ['queued', 'failed'])
          .executeTakeFirst();
        dropped += Number(deleted.numDeletedRows);
      }
    }

    // Every future scheduled booking planned anew, a batch per transaction, walked along the
    // bookings_start index (start_at, id).
    const walk: { cursor: { startAt: string; id: number } | null; planned: number } = { cursor: null, planned: 0 };
    for (;;) {
      const done = await ctx.db.transaction().execute(async (trx) => {
        const current = await readSettings(trx);
        const from = walk.cursor ?? { startAt: localNow(current.timezone || DEFAULT_TIMEZONE, new Date()), id: 0 };
        const page = await trx
          .selectFrom('bookings')
          .select(['id', 'start_at'])
          .where('status', '=', 'scheduled')
          .where((eb) =>
            eb.or([
              eb('start_at', '>', from.startAt),
              eb.and([eb('start_at', '=', from.startAt), eb('id', '>', from.id)]),
            ]),
          )
          .orderBy('start_at')
          .orderBy('id')
          .limit(RESYNC_BATCH)
          .execute();
        if (page.length === 0) return true;
        const last = page.at(-1)!;
        walk.cursor = { startAt: last.start_at, id: last.id };
        // Locked in id order, as every writer locks booking rows; re-read under the lock, so a
        // move committed meanwhile is planned from its new start.
        const rows = await lockRows(
          trx
            .selectFrom('bookings')
            .select(['id', 'status', 'start_at'])
            .where(
              'id',
              'in',
              page.map((row) => row.id),
            )
            .orderBy('id'),
          ctx.dialect,
        ).execute();
        for (const row of rows) await syncReminders(trx, row, current);
        walk.planned += rows.length;
        return page.length < RESYNC_BATCH;
      });
      if (done) break;
    }
    context.log.info({ dropped, planned: walk.planned }, 'reminders planned anew');
  };

  return { 'booking.reminder': reminder, 'booking.reminders_resync': resync };
}
