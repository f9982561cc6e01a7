import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB, WaitlistEntriesTable } from '../../db/types.js';
import { paginate, type Page } from '../../http/pagination.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { lockActiveClient } from '../clients/service.js';
import { formatInstant, isValidDate, nowIso, todayIn } from '../../lib/time.js';
import { queueEmail } from '../../mail/outbox.js';
import { notifyAdmins } from '../notifications/service.js';
import { readSettings, readTimezone } from '../settings/service.js';
import type { WaitlistCreateInput, WaitlistEntryOutput, WaitlistListFilter, WaitlistUpdateInput } from './schemas.js';
import type { Dialect } from '../../db/connection.js';
import { lockRows } from '../../db/locks.js';
import { officeHref } from '../../lib/office-paths.js';

// ---------------------------------------------------------------- reading

/**
 * The entries with their names, in one query. `position` is computed in SQL when
 * `waitlist_position_enabled` is on: a correlated count of the `waiting` entries for the same
 * service and date up to this one's id (the queue order offerFreedSlot follows), served by
 * the `waitlist_match` index; null for entries not waiting, and for all when the toggle is off.
 */
function selectEntries(executor: Executor, withPosition: boolean) {
  return executor
    .selectFrom('waitlist_entries as w')
    .innerJoin('clients as c', 'c.id', 'w.client_id')
    .innerJoin('services as s', 's.id', 'w.service_id')
    .leftJoin('users as u', 'u.id', 'w.staff_id')
    .selectAll('w')
    .select(['c.name as client_name', 's.name as service_name', 'u.name as staff_name'])
    .select((eb) =>
      withPosition
        ? eb
            .case()
            .when('w.status', '=', 'waiting')
            .then(
              eb
                .selectFrom('waitlist_entries as q')
                .select((qb) => qb.fn.countAll<number>().as('n'))
                .whereRef('q.service_id', '=', 'w.service_id')
                .whereRef('q.date', '=', 'w.date')
                .where('q.status', '=', 'waiting')
                .whereRef('q.id', '<=', 'w.id'),
            )
            .else(null)
            .end()
            .as('position')
        : sql<number | null>`null`.as('position'),
    );
}

type EntryRow = WaitlistEntriesTable & {
  id: number;
  client_name: string;
  service_name: string;
  staff_name: string | null;
  position: number | string | bigint | null;
};

function toEntry(row: EntryRow, timezone: string): WaitlistEntryOutput {
  return {
    id: row.id,
    client_id: row.client_id,
    client_name: row.client_name,
    service_id: row.service_id,
    service_name: row.service_name,
    staff_id: row.staff_id,
    staff_name: row.staff_name,
    date: row.date,
    time_from: row.time_from,
    time_to: row.time_to,
    status: row.status,
    notes: row.notes,
    // PostgreSQL's count is a bigint, sent as a string by the driver.
    position: row.position === null ? null : Number(row.position),
    offered_at: formatInstant(row.offered_at, timezone),
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

async function positionsShown(executor: Executor): Promise<boolean> {
  return (await readSettings(executor)).waitlist_position_enabled === 1;
}

async function readEntry(executor: Executor, id: number, timezone: string): Promise<WaitlistEntryOutput> {
  const row = await selectEntries(executor, await positionsShown(executor))
    .where('w.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Waitlist entry');
  return toEntry(row as EntryRow, timezone);
}

/** Ordered by wanted date, then id (queue order); `status` defaults to `waiting`. */
export async function listEntries(
  db: Kysely<DB>,
  filter: WaitlistListFilter,
): Promise<WaitlistEntryOutput[] | Page<WaitlistEntryOutput>> {
  const timezone = await readTimezone(db);
  const withPosition = await positionsShown(db);
  const status = filter.status ?? 'waiting';
  let base = db.selectFrom('waitlist_entries as w');
  if (status !== 'all') base = base.where('w.status', '=', status);
  if (filter.service_id !== undefined) base = base.where('w.service_id', '=', filter.service_id);
  if (filter.client_id !== undefined) base = base.where('w.client_id', '=', filter.client_id);
  if (filter.date !== undefined) base = base.where('w.date', '=', requireRealDate(filter.date));
  const ids = base.select('w.id');
  const query = selectEntries(db, withPosition).where('w.id', 'in', ids).orderBy('w.date').orderBy('w.id');
  const count = async () =>
    Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return paginate(query, count, filter, (row) => toEntry(row as EntryRow, timezone));
}

/** A client's entries, every status, for the GDPR export (clients/gdpr.ts). */
export async function waitlistOfClient(
  executor: Executor,
  clientId: number,
  timezone: string,
): Promise<WaitlistEntryOutput[]> {
  const rows = await selectEntries(executor, false)
    .where('w.client_id', '=', clientId)
    .orderBy('w.date')
    .orderBy('w.id')
    .execute();
  return rows.map((row) => toEntry(row as EntryRow, timezone));
}

export async function getEntry(db: Kysely<DB>, id: number): Promise<WaitlistEntryOutput> {
  return readEntry(db, id, await readTimezone(db));
}

// ---------------------------------------------------------------- writing

function requireRealDate(date: string): string {
  if (!isValidDate(date)) throw badRequest('invalid_date', `${date} is not a real date`);
  return date;
}

/** A wanted date is a real day, today or later in the salon's zone. */
function requireFutureDate(date: string, timezone: string): string {
  requireRealDate(date);
  if (date < todayIn(timezone)) throw badRequest('date_in_past', 'The wanted date is in the past');
  return date;
}

/** HH:MM text compares in time order; an empty window (from ≥ to) could never match a slot. */
function requireWindow(from: string | null, to: string | null): void {
  if (from !== null && to !== null && from >= to) {
    throw badRequest('invalid_time_window', '`time_from` must be before `time_to`');
  }
}

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
      const window = timeFrom || timeTo ? ` (${timeFrom ?? '…'}–${timeTo ?? '…'})` : '';
      await notifyAdmins(trx, {
        type: 'waitlist.join',
        title: `${clientName} joined the waitlist`,
        message: `${clientName} is waiting for ${serviceName} on ${date}${window}.`,
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

// ---------------------------------------------------------------- freed slots

/** A slot that just became free (a cancelled booking): salon wall-clock `YYYY-MM-DD HH:MM:SS`. */
export interface FreedSlot {
  serviceId: number;
  staffId: number;
  /** `YYYY-MM-DD` */
  date: string;
  startAt: string;
  endAt: string;
}

/**
 * Offers a freed slot to the waitlist, in the caller's transaction: the first `waiting` entry
 * (lowest id) for the slot's service and date whose staff is unset or the slot's, and whose
 * optional time window contains the slot's start (from ≤ start < to, either bound optional),
 * becomes `offered`. Its client is emailed when they have an address; admins are notified
 * when `notify_salon_slot_available` is on. Returns the entry's id, or null when none matches.
 *
 * The claim is a guarded update (`status = 'waiting'`), so two concurrent offers never take
 * the same entry: the loser of the race moves on to the next candidate.
 */
export async function offerFreedSlot(
  trx: Executor,
  ctx: Pick<AppContext, 'config'>,
  slot: FreedSlot,
): Promise<number | null> {
  const start = slot.startAt.slice(11, 16);
  let afterId = 0;
  for (;;) {
    const candidate = await trx
      .selectFrom('waitlist_entries')
      .select('id')
      .where('service_id', '=', slot.serviceId)
      .where('date', '=', slot.date)
      .where('status', '=', 'waiting')
      .where('id', '>', afterId)
      .where((eb) => eb.or([eb('staff_id', 'is', null), eb('staff_id', '=', slot.staffId)]))
      .where((eb) => eb.or([eb('time_from', 'is', null), eb('time_from', '<=', start)]))
      .where((eb) => eb.or([eb('time_to', 'is', null), eb('time_to', '>', start)]))
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return null;
    const now = nowIso();
    const claimed = await trx
      .updateTable('waitlist_entries')
      .set({ status: 'offered', offered_at: now, updated_at: now })
      .where('id', '=', candidate.id)
      .where('status', '=', 'waiting')
      .returning('id')
      .executeTakeFirst();
    if (claimed) {
      await announceOffer(trx, ctx, candidate.id, slot);
      return candidate.id;
    }
    afterId = candidate.id;
  }
}

async function announceOffer(
  trx: Executor,
  ctx: Pick<AppContext, 'config'>,
  entryId: number,
  slot: FreedSlot,
): Promise<void> {
  const entry = await trx
    .selectFrom('waitlist_entries as w')
    .innerJoin('clients as c', 'c.id', 'w.client_id')
    .innerJoin('services as s', 's.id', 'w.service_id')
    .select(['c.id as client_id', 'c.name as client_name', 'c.email as client_email', 's.name as service_name'])
    .where('w.id', '=', entryId)
    .executeTakeFirstOrThrow();
  const staff = await trx.selectFrom('users').select('name').where('id', '=', slot.staffId).executeTakeFirst();
  const staffName = staff?.name ?? '';
  const when = `${slot.startAt.slice(0, 16)} – ${slot.endAt.slice(11, 16)}`;
  if (entry.client_email) {
    await queueEmail(trx, {
      to: entry.client_email,
      clientId: entry.client_id,
      template: 'waitlist.slot_offer',
      data: {
        clientName: entry.client_name,
        serviceName: entry.service_name,
        staffName,
        startAt: slot.startAt,
        endAt: slot.endAt,
        link: `${ctx.config.publicBaseUrl}/book`,
      },
    });
  }
  const settings = await readSettings(trx);
  if (settings.notify_salon_slot_available === 1) {
    await notifyAdmins(trx, {
      type: 'waitlist.slot_available',
      title: `Slot offered to ${entry.client_name}`,
      message: `${entry.service_name} with ${staffName || 'any staff'}, ${when}, was offered to ${entry.client_name} from the waitlist.`,
      link: officeHref.waitlistEntry(entryId),
    });
  }
}

/**
 * The waitlist entry a new booking fulfils, locked until the caller's transaction ends
 * (db/locks.ts); 400 unless it exists and belongs to the booking's client.
 */
export async function lockEntryForBooking(
  trx: Executor,
  dialect: Dialect,
  entryId: number,
  clientId: number,
): Promise<void> {
  const entry = await lockRows(
    trx.selectFrom('waitlist_entries').select(['id', 'client_id']).where('id', '=', entryId),
    dialect,
  ).executeTakeFirst();
  if (!entry) {
    throw badRequest('unknown_waitlist_entry', 'No waitlist entry has this id', [
      { field: 'waitlist_id', message: 'is not an existing waitlist entry' },
    ]);
  }
  if (entry.client_id !== clientId) {
    throw badRequest('waitlist_client_mismatch', 'This waitlist entry belongs to another client', [
      { field: 'waitlist_id', message: 'is a waitlist entry of another client' },
    ]);
  }
}

/** The entry got its booking, in the transaction that made it. */
export async function markEntryBooked(trx: Executor, entryId: number, now: string): Promise<void> {
  await trx
    .updateTable('waitlist_entries')
    .set({ status: 'booked', updated_at: now })
    .where('id', '=', entryId)
    .execute();
}
