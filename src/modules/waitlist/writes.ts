import type { AppContext } from '../../context.js';
import type { WaitlistEntriesTable } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { lockActiveClient } from '../clients/service.js';
import { nowIso } from '../../lib/time.js';
import { notice, notifyAdmins } from '../notifications/service.js';
import { readSettings, readTimezone } from '../settings/service.js';
import type { WaitlistCreateInput, WaitlistEntryOutput, WaitlistUpdateInput } from './schemas.js';
import { lockRows } from '../../db/locks.js';
import { officeHref } from '../../lib/office-paths.js';
import { requireFutureDate, requireWindow } from './wanted-time.js';
import { readEntry } from './reads.js';

/*
 * Joining the waitlist, and changing or deleting an entry; a booked entry belongs to its booking
 * and changes no more.
 */

async function requireService(trx: Executor, id: number): Promise<string> {
  const row = await trx.selectFrom('services').select(['name', 'active']).where('id', '=', id).executeTakeFirst();
  if (!row || row.active !== 1) throw badRequest('unknown_service', `No active service with id ${id}`);
  return row.name;
}

async function requireStaff(trx: Executor, id: number): Promise<void> {
  const row = await trx.selectFrom('users').select('active').where('id', '=', id).executeTakeFirst();
  if (!row || row.active !== 1) throw badRequest('unknown_staff', `No active staff member with id ${id}`);
}

/** Joins the waitlist; admins hear of it when `notify_salon_waitlist_join` is on. */
export async function createEntry(ctx: AppContext, input: WaitlistCreateInput): Promise<WaitlistEntryOutput> {
  const timezone = await readTimezone(ctx.db);
  const date = requireFutureDate(input.date, timezone);
  const timeFrom = input.time_from ?? null;
  const timeTo = input.time_to ?? null;
  requireWindow(timeFrom, timeTo);
  return ctx.db.transaction().execute(async (trx) => {
    // An erased or merged client is a shell kept for old references: nobody to put on a list.
    const unknownClient = (id: number) => badRequest('unknown_client', `No client with id ${id}`);
    const { name: clientName } = await lockActiveClient(trx, input.client_id, undefined, {
      unknown: unknownClient,
      inactive: unknownClient,
    });
    const serviceName = await requireService(trx, input.service_id);
    if (input.staff_id != null) await requireStaff(trx, input.staff_id);
    const now = nowIso();
    const row = await trx
      .insertInto('waitlist_entries')
      .values({
        client_id: input.client_id,
        service_id: input.service_id,
        staff_id: input.staff_id ?? null,
        date,
        time_from: timeFrom,
        time_to: timeTo,
        status: 'waiting',
        notes: input.notes?.trim() ?? '',
        offered_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const settings = await readSettings(trx);
    if (settings.notify_salon_waitlist_join === 1) {
      // An open end of the window stays an ellipsis: "(…–12:00)".
      const bound = (time: string | null) => (time ? { time: `${date} ${time}` } : '…');
      await notifyAdmins(trx, {
        type: 'waitlist.join',
        title: notice('notification.waitlist_join.title', { client: clientName }),
        message:
          timeFrom || timeTo
            ? notice('notification.waitlist_join.message_window', {
                client: clientName,
                service: serviceName,
                date: { date },
                from: bound(timeFrom),
                to: bound(timeTo),
              })
            : notice('notification.waitlist_join.message', {
                client: clientName,
                service: serviceName,
                date: { date },
              }),
        link: officeHref.waitlistEntry(row.id),
      });
    }
    return readEntry(trx, row.id, timezone);
  });
}

/**
 * Only the fields present change. `status` may go to `waiting` (back in the queue, the offer
 * forgotten) or `cancelled`; a `booked` entry belongs to its booking and changes no more (409).
 * The window is checked as it will be stored, old bounds combined with new ones.
 */
export async function updateEntry(
  ctx: AppContext,
  id: number,
  input: WaitlistUpdateInput,
): Promise<WaitlistEntryOutput> {
  const timezone = await readTimezone(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    let lookup = trx.selectFrom('waitlist_entries').selectAll().where('id', '=', id);
    lookup = lockRows(lookup, ctx.dialect);
    const current = await lookup.executeTakeFirst();
    if (!current) throw notFound('Waitlist entry');
    if (current.status === 'booked') {
      throw conflict('waitlist_entry_booked', 'This entry was taken up by a booking and can no longer change');
    }
    const changes: Partial<Omit<WaitlistEntriesTable, 'id' | 'client_id' | 'service_id' | 'created_at'>> = {};
    if (input.date !== undefined && input.date !== current.date) changes.date = requireFutureDate(input.date, timezone);
    if (input.time_from !== undefined) changes.time_from = input.time_from;
    if (input.time_to !== undefined) changes.time_to = input.time_to;
    requireWindow(
      changes.time_from !== undefined ? changes.time_from : current.time_from,
      changes.time_to !== undefined ? changes.time_to : current.time_to,
    );
    if (input.staff_id !== undefined) {
      if (input.staff_id !== null && input.staff_id !== current.staff_id) await requireStaff(trx, input.staff_id);
      changes.staff_id = input.staff_id;
    }
    if (input.notes !== undefined) changes.notes = input.notes.trim();
    if (input.status !== undefined && input.status !== current.status) {
      changes.status = input.status;
      if (input.status === 'waiting') changes.offered_at = null;
    }
    if (Object.keys(changes).length > 0) {
      await trx
        .updateTable('waitlist_entries')
        .set({ ...changes, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    }
    return readEntry(trx, id, timezone);
  });
}

/** A booking that took the entry up keeps existing: its `waitlist_id` is set to null. */
export async function deleteEntry(ctx: AppContext, id: number): Promise<void> {
  const result = await ctx.db.deleteFrom('waitlist_entries').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound('Waitlist entry');
}
