import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import type { Executor } from '../../db/executor.js';
import { lockRows } from '../../db/locks.js';
import type { DB } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { judgeVisit, loadVisitDay, type Refusal } from '../availability/service.js';
import { lockActiveClient } from '../clients/service.js';
import { performersOf } from '../services/service.js';
import { readTimezone } from '../settings/service.js';
import {
  cancelLocked,
  lockGroup,
  parseWallClock,
  refusalOf,
  resourcesHeld,
  resourcesOfServices,
  tryInSavepoint,
} from './groups.js';
import { bookIdempotently } from './idempotency.js';
import { agendaOf, bookingQuery, toBooking, type BookingJoinedRow } from './reads.js';
import { requireVersion } from './stale-writes.js';
import { insertBooking, moveLockedBooking, type BookingCreator } from './transitions.js';
import type { VisitCreateInput, VisitMoveInput, VisitOutput } from './visit-schemas.js';
import { shiftWallClock, wallClockDelta } from './wall-clock.js';
import { asActor, userActor } from './history.js';

/*
 * Visits: several services for one client in a row, each part a booking of its own (own id,
 * status and staff member) carrying `visit_id` and `visit_position`. A visit is booked, moved
 * and cancelled as a whole: every part is checked like a single desk booking, and when one
 * cannot be placed nothing is saved.
 *
 * Part i+1 starts when part i ends (the client stays through any processing time). A part
 * without `staff_id` goes to the member the availability engine picks by booking_anyone_rule;
 * only when the engine places nobody (a fixed end, override) are the performers tried, least
 * booked that day first, so the refusal names the rule that stops them.
 */

/** The visit as the API shows it; its status and times follow from its parts. */
export function toVisit(id: number, rows: BookingJoinedRow[], timezone: string): VisitOutput {
  const live = rows.filter((row) => row.status !== 'cancelled');
  const shown = live.length > 0 ? live : rows;
  return {
    id,
    client_id: rows[0]!.client_id,
    client_name: rows[0]!.client_name,
    start_at: shown.reduce((min, row) => (row.start_at < min ? row.start_at : min), shown[0]!.start_at),
    end_at: shown.reduce((max, row) => (row.end_at > max ? row.end_at : max), shown[0]!.end_at),
    // Cancelled once every part is; otherwise where its first remaining part stands.
    status: live.length === 0 ? 'cancelled' : live[0]!.status,
    bookings: rows.map((row) => toBooking(row, timezone)),
  };
}

async function visitRows(executor: Executor, id: number): Promise<BookingJoinedRow[]> {
  return bookingQuery(executor).where('b.visit_id', '=', id).orderBy('b.visit_position').orderBy('b.id').execute();
}

/** 404 unless the visit exists and the caller's agenda reaches every part of it. */
async function requireReachable(executor: Executor, caller: AuthUser, staffIds: number[]): Promise<void> {
  const own = await agendaOf(executor, caller);
  if (staffIds.length === 0 || (own !== null && staffIds.some((staffId) => staffId !== own))) {
    throw notFound('Visit');
  }
}

export async function getVisit({ db }: AppContext, caller: AuthUser, id: number): Promise<VisitOutput> {
  const rows = await visitRows(db, id);
  await requireReachable(
    db,
    caller,
    rows.map((row) => row.staff_id),
  );
  return toVisit(id, rows, await readTimezone(db));
}

/** The parts' booking rows, locked (booking rows come first in every writer's lock order). */
async function lockParts(trx: Transaction<DB>, dialect: Dialect, caller: AuthUser, id: number) {
  let query = trx.selectFrom('bookings').selectAll().where('visit_id', '=', id).orderBy('id');
  query = lockRows(query, dialect);
  const rows = await query.execute();
  await requireReachable(
    trx,
    caller,
    rows.map((row) => row.staff_id),
  );
  return rows.sort((a, b) => (a.visit_position ?? 0) - (b.visit_position ?? 0) || a.id - b.id);
}

/** Non-cancelled bookings per staff member on `date`: who is least booked. */
async function dayLoad(executor: Executor, staffIds: number[], date: string): Promise<Map<number, number>> {
  if (staffIds.length === 0) return new Map();
  const rows = await executor
    .selectFrom('bookings')
    .select((eb) => ['staff_id', eb.fn.countAll<number>().as('n')])
    .where('staff_id', 'in', staffIds)
    .where('start_at', '>=', `${date} 00:00:00`)
    .where('start_at', '<=', `${date} 23:59:59`)
    .where('status', '<>', 'cancelled')
    .groupBy('staff_id')
    .execute();
  return new Map(rows.map((row) => [row.staff_id, Number(row.n)]));
}

/**
 * Who the availability engine would give each part at this start, judged as the desk books
 * (the booking page's lead time, horizon and slot grid do not apply; with override neither do
 * the past and working time); null when some part has a fixed end (the engine places parts by
 * their durations only), no part is left to "any", or the engine finds no placement (each
 * part is then tried member by member, so the refusal names the rule).
 */
async function enginePicks(
  trx: Transaction<DB>,
  input: VisitCreateInput,
  startAt: string,
  now: Date,
): Promise<number[] | null> {
  if (input.parts.every((part) => part.staff_id !== undefined)) return null;
  if (input.parts.some((part) => part.end_at !== undefined)) return null;
  const loaded = await loadVisitDay(
    trx,
    {
      date: startAt.slice(0, 10),
      parts: input.parts.map((part) => ({ serviceId: part.service_id, staffId: part.staff_id })),
      anyMember: true,
    },
    true,
    now,
  );
  const ignore: Refusal[] = ['lead_time', 'too_far', 'off_grid'];
  if (input.override === true) ignore.push('past', 'closed', 'outside_hours');
  const verdict = judgeVisit(loaded, startAt, ignore);
  return verdict.ok ? verdict.parts.map((part) => part.staffId) : null;
}

export async function createVisit(
  ctx: AppContext,
  caller: AuthUser,
  input: VisitCreateInput,
  idempotencyKey?: string,
): Promise<{ result: VisitOutput; replayed: boolean }> {
  const startAt = parseWallClock(input.start_at, 'start_at');
  const ends = input.parts.map((part, i) =>
    part.end_at === undefined ? undefined : parseWallClock(part.end_at, `parts[${i}].end_at`),
  );
  const timezone = await readTimezone(ctx.db);
  return bookIdempotently(ctx, {
    key: idempotencyKey,
    kind: 'desk-visit',
    body: input,
    as: `user:${caller.id}`,
    actor: userActor(caller),
    replay: async (bookingId) => {
      const visit = await readVisitOfBooking(ctx.db, bookingId);
      if (!visit) throw new Error(`visit of booking ${bookingId} of an idempotency key is gone`);
      return toVisit(visit.id, visit.bookings, timezone);
    },
    book: async (trx) => {
      const result = await insertDeskVisit(trx, ctx, caller, input, startAt, ends, timezone);
      return { result, bookingId: result.bookings[0]!.id };
    },
  });
}

/** The desk's visit written in the caller's transaction: each part placed in turn, or none. */
async function insertDeskVisit(
  trx: Transaction<DB>,
  ctx: AppContext,
  caller: AuthUser,
  input: VisitCreateInput,
  startAt: string,
  ends: (string | undefined)[],
  timezone: string,
): Promise<VisitOutput> {
  const desk = { timezone, now: new Date() };
  const creator: BookingCreator = {
    dialect: ctx.dialect,
    publicBaseUrl: ctx.config.publicBaseUrl,
    createdBy: caller.id,
  };
  const serviceIds = input.parts.map((part) => part.service_id);
  const performers = await performersOf(trx, { serviceIds });
  const candidates = input.parts.map((part, i) => {
    const performing = performers.get(part.service_id);
    if (performing === undefined) {
      throw refusalOf(
        `parts[${i}]`,
        badRequest('unknown_service', 'No active service has this id', [
          { field: 'service_id', message: 'is not an existing service' },
        ]),
      );
    }
    if (part.staff_id !== undefined) return [part.staff_id];
    if (performing.size === 0) {
      throw refusalOf(
        `parts[${i}]`,
        badRequest('service_not_performed', 'No bookable staff member performs this service', [
          { field: 'service_id', message: 'is performed by nobody bookable' },
        ]),
      );
    }
    return [...performing.keys()];
  });
  const resourceIds = await resourcesOfServices(trx, serviceIds);
  await lockGroup(trx, ctx.dialect, candidates.flat(), resourceIds, (staffId, error) => {
    const index = input.parts.findIndex((part) => part.staff_id === staffId);
    return index < 0 ? error : refusalOf(`parts[${index}]`, error);
  });
  // Checked before the visit row refers to it; insertBooking checks it again per part.
  await lockActiveClient(trx, input.client_id, { dialect: ctx.dialect, strength: 'key share' });

  const now = nowIso();
  const visit = await trx
    .insertInto('visits')
    .values({ client_id: input.client_id, created_by: caller.id, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const load = await dayLoad(
    trx,
    [...new Set(candidates.filter((ids) => ids.length > 1).flat())],
    startAt.slice(0, 10),
  );

  const engineChoice = await enginePicks(trx, input, startAt, desk.now);

  let cursor = startAt;
  for (const [i, part] of input.parts.entries()) {
    const pick = engineChoice?.[i];
    // The engine's pick first, then the least booked, then the lowest id.
    const order = [...candidates[i]!].sort(
      (a, b) => Number(b === pick) - Number(a === pick) || (load.get(a) ?? 0) - (load.get(b) ?? 0) || a - b,
    );
    const place = (staffId: number) =>
      insertBooking(
        trx,
        {
          client_id: input.client_id,
          staff_id: staffId,
          service_id: part.service_id,
          start_at: cursor,
          end_at: ends[i],
          notes: input.notes,
          internal_notes: input.internal_notes,
          provisional: input.provisional,
          override: input.override,
          visit_id: visit.id,
          visit_position: i,
          desk,
        },
        creator,
      );
    let placed: BookingJoinedRow | undefined;
    if (part.staff_id !== undefined) {
      try {
        placed = await place(part.staff_id);
      } catch (error) {
        throw error instanceof AppError ? refusalOf(`parts[${i}]`, error) : error;
      }
    } else {
      let first: AppError | undefined;
      for (const staffId of order) {
        const attempt = await tryInSavepoint(trx, () => place(staffId));
        if (attempt.ok) {
          placed = attempt.value;
          break;
        }
        first ??= attempt.error;
      }
      if (placed === undefined) throw refusalOf(`parts[${i}]`, first!);
    }
    load.set(placed.staff_id, (load.get(placed.staff_id) ?? 0) + 1);
    cursor = placed.end_at;
  }
  return toVisit(visit.id, await visitRows(trx, visit.id), timezone);
}

/** Every part still taking time moves by the same amount; one refused part refuses them all. */
export async function moveVisit(
  ctx: AppContext,
  caller: AuthUser,
  id: number,
  input: VisitMoveInput,
): Promise<VisitOutput> {
  const startAt = parseWallClock(input.start_at, 'start_at');
  const timezone = await readTimezone(ctx.db);
  return ctx.db.transaction().execute(
    asActor(userActor(caller), async (trx) => {
      const parts = await lockParts(trx, ctx.dialect, caller, id);
      // Each part the desk saw must be as it saw it: a part moved or changed alone meanwhile
      // would otherwise be shifted from a place the desk never showed.
      for (const [i, seen] of (input.versions ?? []).entries()) {
        const part = parts.find((row) => row.id === seen.booking_id);
        if (!part) {
          throw badRequest(
            'validation_failed',
            'Invalid input: versions names a booking that is no part of this visit',
            [{ field: `versions[${i}].booking_id`, message: 'is not a part of this visit' }],
          );
        }
        await requireVersion(trx, part, seen.version, timezone);
      }
      const moving = parts.filter((row) => row.status !== 'cancelled');
      if (moving.length === 0) {
        throw conflict('visit_cancelled', 'Every part of this visit is cancelled; book a new visit instead');
      }
      const deltaMs = wallClockDelta(moving[0]!.start_at, startAt);
      await lockGroup(
        trx,
        ctx.dialect,
        moving.map((row) => row.staff_id),
        await resourcesHeld(
          trx,
          moving.map((row) => row.id),
        ),
      );
      const now = new Date();
      const movingIds = moving.map((row) => row.id);
      // The parts move together: their old places do not count as taken, so a staff member
      // doing two parts in a row does not clash with themself.
      for (const row of moving) {
        try {
          await moveLockedBooking(trx, ctx.dialect, row, {
            staffId: row.staff_id,
            startAt: shiftWallClock(row.start_at, deltaMs),
            endAt: shiftWallClock(row.end_at, deltaMs),
            override: input.override === true,
            timezone,
            now,
            exceptIds: movingIds,
          });
        } catch (error) {
          throw error instanceof AppError ? refusalOf(`parts[${row.visit_position ?? 0}]`, error) : error;
        }
      }
      await trx.updateTable('visits').set({ updated_at: nowIso() }).where('id', '=', id).execute();
      return toVisit(id, await visitRows(trx, id), timezone);
    }),
  );
}

/** Every part still scheduled or provisional is cancelled, each with a cancellation's side effects. */
export async function cancelVisit(ctx: AppContext, caller: AuthUser, id: number): Promise<VisitOutput> {
  const timezone = await readTimezone(ctx.db);
  return ctx.db.transaction().execute(
    asActor(userActor(caller), async (trx) => {
      const parts = await lockParts(trx, ctx.dialect, caller, id);
      const open = parts.filter((row) => row.status === 'scheduled' || row.status === 'provisional');
      if (open.length === 0) {
        if (parts.every((row) => row.status === 'cancelled')) {
          throw conflict('already_cancelled', 'This visit is already cancelled');
        }
        throw conflict('invalid_transition', 'No part of this visit is scheduled or provisional any more');
      }
      const now = nowIso();
      await cancelLocked(trx, ctx.config, open, now);
      await trx.updateTable('visits').set({ updated_at: now }).where('id', '=', id).execute();
      return toVisit(id, await visitRows(trx, id), timezone);
    }),
  );
}

/** A part already placed by the availability engine: who, when. */
export interface PlacedVisitPart {
  serviceId: number;
  staffId: number;
  startAt: string;
  endAt: string;
}

/**
 * Writes a visit the booking page placed (the engine chose its members and times; the caller
 * has locked them): the visit row, then each part through insertBooking, in the caller's
 * transaction. Returns the visit's id and its parts' rows, in order.
 */
export async function insertPlacedVisit(
  trx: Transaction<DB>,
  visit: {
    clientId: number;
    parts: PlacedVisitPart[];
    notes?: string | undefined;
    provisional: boolean;
    /** Every part held for the visit's deposit (see NewBooking `held`). */
    held?: boolean | undefined;
  },
  creator: BookingCreator,
): Promise<{ id: number; bookings: BookingJoinedRow[] }> {
  const now = nowIso();
  const { id } = await trx
    .insertInto('visits')
    .values({ client_id: visit.clientId, created_by: creator.createdBy, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bookings: BookingJoinedRow[] = [];
  for (const [i, part] of visit.parts.entries()) {
    try {
      bookings.push(
        await insertBooking(
          trx,
          {
            client_id: visit.clientId,
            staff_id: part.staffId,
            service_id: part.serviceId,
            start_at: part.startAt,
            end_at: part.endAt,
            notes: visit.notes,
            provisional: visit.provisional,
            held: visit.held,
            visit_id: id,
            visit_position: i,
          },
          creator,
        ),
      );
    } catch (error) {
      throw error instanceof AppError ? refusalOf(`parts[${i}]`, error) : error;
    }
  }
  return { id, bookings };
}

/** The visit a booking is part of, with its parts in order; undefined when it is none. */
export async function readVisitOfBooking(
  executor: Executor,
  bookingId: number,
): Promise<{ id: number; bookings: BookingJoinedRow[] } | undefined> {
  const row = await executor.selectFrom('bookings').select('visit_id').where('id', '=', bookingId).executeTakeFirst();
  if (!row || row.visit_id === null) return undefined;
  return { id: row.visit_id, bookings: await visitRows(executor, row.visit_id) };
}
