import { sql, type Kysely } from 'kysely';
import type { DB, WaitlistEntriesTable } from '../../db/types.js';
import { paginate, type Page } from '../../http/pagination.js';
import type { Executor } from '../../db/executor.js';
import { notFound } from '../../lib/errors.js';
import { formatInstant } from '../../lib/time.js';
import { readSettings, readTimezone } from '../settings/service.js';
import type { WaitlistEntryOutput, WaitlistListFilter } from './schemas.js';
import { requireRealDate } from './wanted-time.js';

/*
 * Waitlist entries as the API shows them, with their names and, when the salon shows it, their
 * place in the queue.
 */

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

export async function readEntry(executor: Executor, id: number, timezone: string): Promise<WaitlistEntryOutput> {
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
