import { DateTime } from 'luxon';
import type { AppContext } from '../../context.js';
import { enqueue } from '../../jobs/queue.js';
import type { Executor } from '../../db/executor.js';
import type { JobHandler } from '../../jobs/types.js';
import { notice, notifyAdmins, type NoticeText } from '../notifications/service.js';
import { readSettings } from '../settings/service.js';
import { officeHref } from '../../lib/office-paths.js';

/*
 * Visit-frequency alerts (settings `visit_frequency_alerts_enabled`, `visit_frequency_days`).
 *
 * A daily job, at 08:00 in the salon's time zone, tells the admins which clients became
 * overdue: their last visit (a completed booking) is now `visit_frequency_days` days ago, and
 * they have no booking coming up. A client is announced once per lapse: each run covers the
 * last-visit dates after the previous run's window up to today − N days, and hands the next
 * start date on in its successor's payload. A day the worker was down is caught up (at most
 * CATCH_UP_DAYS back), never announced twice. With the toggle off nothing is read or sent,
 * and turning it on starts from that day's lapses, not a backlog.
 */

export const VISIT_ALERTS_KEY = 'clients.visit_frequency_alerts';
const RUN_AT_HOUR = 8;
const CATCH_UP_DAYS = 31;
const NAMES_IN_MESSAGE = 5;

/** Milliseconds from `now` until the next 08:00 in `timezone` (DST days included). */
export function msUntilNextRun(timezone: string, now: Date = new Date()): number {
  const local = DateTime.fromJSDate(now).setZone(timezone);
  let next = local.set({ hour: RUN_AT_HOUR, minute: 0, second: 0, millisecond: 0 });
  if (next <= local) next = next.plus({ days: 1 }).set({ hour: RUN_AT_HOUR });
  return Math.max(0, next.toMillis() - now.getTime());
}

function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toFormat('yyyy-MM-dd');
}

export interface OverdueClient {
  id: number;
  name: string;
}

/**
 * Clients whose last completed visit falls on a date in [from, to] and who have no booking
 * (scheduled or provisional) from `nowLocal` on. One query, driven by the bookings_start
 * index on the date range.
 */
export async function findOverdueClients(
  db: Executor,
  from: string,
  to: string,
  nowLocal: string,
): Promise<OverdueClient[]> {
  const windowEnd = `${to} 23:59:59`;
  return db
    .selectFrom('bookings as b')
    .innerJoin('clients as c', 'c.id', 'b.client_id')
    .select(['c.id', 'c.name'])
    .where('b.status', '=', 'completed')
    .where('b.start_at', '>=', `${from} 00:00:00`)
    .where('b.start_at', '<=', windowEnd)
    .where('c.erased_at', 'is', null)
    .where('c.merged_into_id', 'is', null)
    .where((outer) =>
      outer.not(
        outer.exists(
          outer
            .selectFrom('bookings as later')
            .select('later.id')
            .whereRef('later.client_id', '=', 'c.id')
            .where((eb) =>
              eb.or([
                eb.and([eb('later.status', '=', 'completed'), eb('later.start_at', '>', windowEnd)]),
                eb.and([eb('later.status', 'in', ['scheduled', 'provisional']), eb('later.start_at', '>=', nowLocal)]),
              ]),
            ),
        ),
      ),
    )
    .groupBy(['c.id', 'c.name'])
    .orderBy((eb) => eb.fn('lower', ['c.name']))
    .orderBy('c.id')
    .execute();
}

export function overdueMessage(
  clients: readonly OverdueClient[],
  days: number,
): { title: NoticeText; message: NoticeText } {
  const count = clients.length;
  const names = clients.slice(0, NAMES_IN_MESSAGE).map((client) => client.name);
  return {
    title: notice('notification.visit_overdue.title', { count }),
    message: notice('notification.visit_overdue.message', {
      days,
      names: names.join(', '),
      rest: count - names.length,
    }),
  };
}

export function visitFrequencyAlertsJob(ctx: AppContext): JobHandler<'clients.visit_frequency_alerts'> {
  return async ({ from }) => {
    const settings = await readSettings(ctx.db);
    const timezone = settings.timezone;
    const delayMs = msUntilNextRun(timezone);
    if (settings.visit_frequency_alerts_enabled !== 1) {
      await enqueue(ctx.db, 'clients.visit_frequency_alerts', { from: null }, { key: VISIT_ALERTS_KEY, delayMs });
      return;
    }
    const now = DateTime.now().setZone(timezone);
    const threshold = addDays(now.toFormat('yyyy-MM-dd'), -settings.visit_frequency_days);
    const earliest = addDays(threshold, -(CATCH_UP_DAYS - 1));
    const windowFrom = from === null ? threshold : from < earliest ? earliest : from;
    // The threshold can move back (the setting was raised): nothing is due until it passes
    // the window already covered.
    const covers = windowFrom <= threshold;
    const overdue = covers
      ? await findOverdueClients(ctx.db, windowFrom, threshold, now.toFormat('yyyy-MM-dd HH:mm:ss'))
      : [];
    // The notification and the next run commit together: a retry after a crash either
    // repeats nothing or finds the work not done.
    await ctx.db.transaction().execute(async (trx) => {
      if (overdue.length > 0) {
        await notifyAdmins(trx, {
          type: 'booking.visit_overdue',
          ...overdueMessage(overdue, settings.visit_frequency_days),
          link: overdue.length === 1 ? officeHref.client(overdue[0]!.id) : officeHref.clients(),
        });
      }
      await enqueue(
        trx,
        'clients.visit_frequency_alerts',
        { from: covers ? addDays(threshold, 1) : windowFrom },
        { key: VISIT_ALERTS_KEY, delayMs },
      );
    });
  };
}

/** Keeps the daily run scheduled: called by every worker on its maintenance tick. */
export async function ensureVisitAlertsScheduled(ctx: Pick<AppContext, 'db'>): Promise<void> {
  const { timezone } = await readSettings(ctx.db);
  await enqueue(
    ctx.db,
    'clients.visit_frequency_alerts',
    { from: null },
    { key: VISIT_ALERTS_KEY, ifAbsent: true, delayMs: msUntilNextRun(timezone) },
  );
}
