import type { Selectable, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import type { Executor } from '../../db/executor.js';
import { lockRows } from '../../db/locks.js';
import type { BookingsTable, DB } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest, conflict, notFound, type FieldError } from '../../lib/errors.js';
import { formatInstant, isValidDate, nowIso } from '../../lib/time.js';
import { lockActiveClient } from '../clients/service.js';
import { readTimezone } from '../settings/service.js';
import {
  cancelLocked,
  lockGroup,
  parseWallClock,
  resourcesHeld,
  resourcesOfServices,
  tryInSavepoint,
} from './groups.js';
import { deskRulesOf, rulesOf } from './desk-rules.js';
import { bookIdempotently } from './idempotency.js';
import { agendaOf, bookingQuery, toBooking, type BookingJoinedRow } from './reads.js';
import { requireVersion } from './stale-writes.js';
import { insertBooking, moveLockedBooking } from './transitions.js';
import type { SeriesCheckOutput, SeriesCreateInput, SeriesMoveInput, SeriesOutput } from './visit-schemas.js';
import { MAX_BOOKING_MIN, minutesBetween, shiftWallClock, wallClockDelta, WEEK_MS } from './wall-clock.js';
import { asActor, userActor } from './history.js';

/*
 * Series: a booking repeated every N weeks, until a date or a number of times. Every
 * occurrence is a booking of its own carrying `series_id`, checked exactly like a single desk
 * booking; when any occurrence is refused, every refused one is reported at once (409
 * `series_conflicts`, one detail per occurrence) and nothing is saved.
 *
 * One occurrence alone is moved or cancelled through /bookings/:id; "this one and every
 * later one" through the series.
 */

export const MAX_OCCURRENCES = 104;

type BookingRow = Selectable<BookingsTable>;

const invalid = (field: string, message: string) =>
  badRequest('validation_failed', `Invalid input: ${field} ${message}`, [{ field, message }]);

function seriesConflicts(failures: FieldError[], total: number): AppError {
  return new AppError(
    409,
    'series_conflicts',
    `${failures.length} of ${total} occurrences cannot be booked; nothing was saved`,
    failures,
  );
}

/** The detail naming one refused occurrence: its place in the series, its start, the rule. */
function occurrenceFailure(index: number, startAt: string, error: AppError): FieldError {
  return { field: `occurrences[${index}]`, message: `${startAt}: ${error.code} ${error.message}` };
}

/** The starts of the occurrences: every `everyWeeks` weeks, `count` of them or up to `until`. */
function occurrenceStarts(startAt: string, input: SeriesCreateInput): string[] {
  if ((input.until === undefined) === (input.count === undefined)) {
    throw invalid('until', 'or count: give exactly one of them');
  }
  const step = input.every_weeks * WEEK_MS;
  if (input.count !== undefined) {
    return Array.from({ length: input.count }, (_, k) => shiftWallClock(startAt, k * step));
  }
  const until = input.until!;
  if (!isValidDate(until)) throw invalid('until', 'must be a real date (YYYY-MM-DD)');
  const starts: string[] = [];
  for (let start = startAt; start.slice(0, 10) <= until; start = shiftWallClock(start, step)) {
    if (starts.length === MAX_OCCURRENCES) {
      throw invalid('until', `gives more than ${MAX_OCCURRENCES} occurrences; choose an earlier date`);
    }
    starts.push(start);
  }
  if (starts.length < 2) throw invalid('until', 'must leave room for at least two occurrences');
  return starts;
}

async function seriesRows(executor: Executor, id: number) {
  return bookingQuery(executor).where('b.series_id', '=', id).orderBy('b.start_at').orderBy('b.id').execute();
}

async function readSeries(executor: Executor, caller: AuthUser, id: number, timezone: string): Promise<SeriesOutput> {
  const series = await executor
    .selectFrom('booking_series')
    .select(['id', 'client_id', 'every_weeks', 'until_date', 'occurrence_count'])
    .where('id', '=', id)
    .executeTakeFirst();
  const rows = await seriesRows(executor, id);
  const own = await agendaOf(executor, caller);
  if (!series || (own !== null && rows.some((row) => row.staff_id !== own))) throw notFound('Series');
  return {
    id: series.id,
    client_id: series.client_id,
    every_weeks: series.every_weeks,
    until: series.until_date,
    count: series.occurrence_count,
    bookings: rows.map((row) => toBooking(row, timezone)),
  };
}

export async function getSeries({ db }: AppContext, caller: AuthUser, id: number): Promise<SeriesOutput> {
  return readSeries(db, caller, id, await readTimezone(db));
}

/** What a series asks for, parsed: each occurrence's start, and which are left out. */
interface SeriesPlan {
  starts: string[];
  /** Index per occurrence: true when its date is one of `skip_dates`. */
  skipped: boolean[];
  givenEnd: string | undefined;
  lengthMs: number;
}

function planSeries(input: SeriesCreateInput): SeriesPlan {
  const startAt = parseWallClock(input.start_at, 'start_at');
  const givenEnd = input.end_at === undefined ? undefined : parseWallClock(input.end_at, 'end_at');
  if (givenEnd !== undefined && givenEnd <= startAt) throw invalid('end_at', 'must be after start_at');
  if (givenEnd !== undefined && minutesBetween(startAt, givenEnd) > MAX_BOOKING_MIN) {
    throw invalid('end_at', 'must be at most 24 hours after start_at');
  }
  // Every occurrence lasts as long as the first; without end_at, the member's duration.
  const lengthMs = givenEnd === undefined ? 0 : wallClockDelta(startAt, givenEnd);
  const starts = occurrenceStarts(startAt, input);
  const dates = starts.map((start) => start.slice(0, 10));
  // A date that is no occurrence's is a mistake of the caller's, not something to ignore.
  for (const [i, date] of (input.skip_dates ?? []).entries()) {
    if (!dates.includes(date)) throw invalid(`skip_dates[${i}]`, 'is not the date of an occurrence of this series');
  }
  const skipped = dates.map((date) => (input.skip_dates ?? []).includes(date));
  if (skipped.every(Boolean)) throw invalid('skip_dates', 'leaves no occurrence to book');
  return { starts, skipped, givenEnd, lengthMs };
}

/** One occurrence tried: booked, refused (with the refusal), or left out by `skip_dates`. */
type Attempt = { index: number; start: string } & (
  { outcome: 'booked'; row: BookingJoinedRow } | { outcome: 'refused'; error: AppError } | { outcome: 'skipped' }
);

/**
 * Writes the series and tries every occurrence in the caller's transaction, each in a savepoint
 * so that a refused one leaves nothing behind and the next is still tried.
 */
async function writeSeries(
  trx: Transaction<DB>,
  ctx: AppContext,
  caller: AuthUser,
  input: SeriesCreateInput,
  plan: SeriesPlan,
  timezone: string,
): Promise<{ seriesId: number; attempts: Attempt[] }> {
  await lockGroup(trx, ctx.dialect, [input.staff_id], await resourcesOfServices(trx, [input.service_id]));
  await lockActiveClient(trx, input.client_id, { dialect: ctx.dialect, strength: 'key share' });
  const desk = { timezone, now: new Date() };

  const now = nowIso();
  const series = await trx
    .insertInto('booking_series')
    .values({
      client_id: input.client_id,
      every_weeks: input.every_weeks,
      until_date: input.until ?? null,
      occurrence_count: input.count ?? null,
      created_by: caller.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const attempts: Attempt[] = [];
  for (const [index, start] of plan.starts.entries()) {
    if (plan.skipped[index]) {
      attempts.push({ index, start, outcome: 'skipped' });
      continue;
    }
    const attempt = await tryInSavepoint(trx, () =>
      insertBooking(
        trx,
        {
          client_id: input.client_id,
          staff_id: input.staff_id,
          service_id: input.service_id,
          start_at: start,
          end_at: plan.givenEnd === undefined ? undefined : shiftWallClock(start, plan.lengthMs),
          notes: input.notes,
          internal_notes: input.internal_notes,
          override: input.override,
          series_id: series.id,
          desk,
        },
        { dialect: ctx.dialect, publicBaseUrl: ctx.config.publicBaseUrl, createdBy: caller.id },
      ),
    );
    attempts.push(
      attempt.ok
        ? { index, start, outcome: 'booked', row: attempt.value }
        : { index, start, outcome: 'refused', error: attempt.error },
    );
  }
  return { seriesId: series.id, attempts };
}

export async function createSeries(
  ctx: AppContext,
  caller: AuthUser,
  input: SeriesCreateInput,
  idempotencyKey?: string,
): Promise<{ result: SeriesOutput; replayed: boolean }> {
  const plan = planSeries(input);
  const timezone = await readTimezone(ctx.db);
  return bookIdempotently(ctx, {
    key: idempotencyKey,
    kind: 'desk-series',
    body: input,
    as: `user:${caller.id}`,
    actor: userActor(caller),
    replay: async (bookingId) => {
      const row = await ctx.db
        .selectFrom('bookings')
        .select('series_id')
        .where('id', '=', bookingId)
        .executeTakeFirst();
      if (!row || row.series_id === null)
        throw new Error(`series of booking ${bookingId} of an idempotency key is gone`);
      return readSeries(ctx.db, caller, row.series_id, timezone);
    },
    book: async (trx) => {
      const { seriesId, attempts } = await writeSeries(trx, ctx, caller, input, plan, timezone);
      const failures = attempts.flatMap((attempt) =>
        attempt.outcome === 'refused' ? [occurrenceFailure(attempt.index, attempt.start, attempt.error)] : [],
      );
      if (failures.length > 0) throw seriesConflicts(failures, attempts.filter((a) => a.outcome !== 'skipped').length);
      const first = attempts.find((attempt) => attempt.outcome === 'booked');
      return { result: await readSeries(trx, caller, seriesId, timezone), bookingId: first!.row.id };
    },
  });
}

/** Carries a dry run's answer out of the transaction it rolls back. */
class DryRun extends Error {
  constructor(readonly answer: SeriesCheckOutput) {
    super('a dry run rolls its transaction back');
  }
}

/**
 * The dry run of createSeries: the very same work (locks, every occurrence checked like a
 * single desk booking against what is committed), then rolled back, so nothing is written
 * (no booking, job, email or change event) and the answer says per occurrence what saving
 * would meet. Only the rules hold, not the time: another desk may book meanwhile, and the
 * save checks again.
 */
export async function checkSeries(
  ctx: AppContext,
  caller: AuthUser,
  input: SeriesCreateInput,
): Promise<SeriesCheckOutput> {
  const plan = planSeries(input);
  const timezone = await readTimezone(ctx.db);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const { attempts } = await writeSeries(trx, ctx, caller, input, plan, timezone);
      throw new DryRun({ occurrences: attempts.map(checkedOccurrence) });
    });
  } catch (error) {
    if (error instanceof DryRun) return error.answer;
    throw error;
  }
  throw new Error('a dry run of a series ended without its answer');
}

function checkedOccurrence(attempt: Attempt): SeriesCheckOutput['occurrences'][number] {
  const start_at = attempt.start;
  const date = start_at.slice(0, 10);
  if (attempt.outcome === 'skipped') {
    return { date, start_at, status: 'skipped', codes: [], message: null, overridable: false, overridden: [] };
  }
  if (attempt.outcome === 'booked') {
    const overridden = rulesOf(attempt.row.overridden_rules);
    return { date, start_at, status: 'free', codes: [], message: null, overridable: false, overridden };
  }
  const rules = deskRulesOf(attempt.error);
  return {
    date,
    start_at,
    status: 'refused',
    codes: rules.length > 0 ? rules : [attempt.error.code],
    message: attempt.error.message,
    overridable: rules.length > 0,
    overridden: [],
  };
}

/** The occurrences' rows, locked, soonest first; 404 for an unknown series or one out of the agenda. */
async function lockOccurrences(
  trx: Transaction<DB>,
  dialect: Dialect,
  caller: AuthUser,
  id: number,
): Promise<BookingRow[]> {
  const series = await trx.selectFrom('booking_series').select('id').where('id', '=', id).executeTakeFirst();
  let query = trx.selectFrom('bookings').selectAll().where('series_id', '=', id).orderBy('id');
  query = lockRows(query, dialect);
  const rows = await query.execute();
  const own = await agendaOf(trx, caller);
  if (!series || (own !== null && rows.some((row) => row.staff_id !== own))) throw notFound('Series');
  return rows.sort((a, b) => (a.start_at < b.start_at ? -1 : a.start_at > b.start_at ? 1 : a.id - b.id));
}

function fromOccurrence(rows: BookingRow[], bookingId: number): number {
  const index = rows.findIndex((row) => row.id === bookingId);
  if (index < 0) throw invalid('from_booking_id', 'is not an occurrence of this series');
  return index;
}

/**
 * Moves the occurrence `from_booking_id` and every later non-cancelled one by the same amount
 * (and to `staff_id` when given); all or nothing, refusals reported per occurrence.
 */
export async function moveSeries(
  ctx: AppContext,
  caller: AuthUser,
  id: number,
  input: SeriesMoveInput,
): Promise<SeriesOutput> {
  const startAt = parseWallClock(input.start_at, 'start_at');
  const timezone = await readTimezone(ctx.db);
  return ctx.db.transaction().execute(
    asActor(userActor(caller), async (trx) => {
      const rows = await lockOccurrences(trx, ctx.dialect, caller, id);
      const from = fromOccurrence(rows, input.from_booking_id);
      // The occurrence moved is the one the desk saw; the later ones lie on days it did not.
      await requireVersion(trx, rows[from]!, input.version, timezone);
      if (rows[from]!.status === 'cancelled') {
        throw conflict('already_cancelled', 'This occurrence is cancelled; move a live one');
      }
      const deltaMs = wallClockDelta(rows[from]!.start_at, startAt);
      const moving = rows
        .map((row, index) => ({ row, index }))
        .filter(({ row, index }) => index >= from && row.status !== 'cancelled');
      const staffId = (row: BookingRow) => input.staff_id ?? row.staff_id;
      await lockGroup(
        trx,
        ctx.dialect,
        [...moving.map(({ row }) => row.staff_id), ...moving.map(({ row }) => staffId(row))],
        await resourcesHeld(
          trx,
          moving.map(({ row }) => row.id),
        ),
      );
      const now = new Date();
      const movingIds = moving.map(({ row }) => row.id);
      // The occurrences move together: a neighbour's old place does not count as taken.
      const failures: FieldError[] = [];
      for (const { row, index } of moving) {
        const newStart = shiftWallClock(row.start_at, deltaMs);
        const attempt = await tryInSavepoint(trx, () =>
          moveLockedBooking(trx, ctx.dialect, row, {
            staffId: staffId(row),
            startAt: newStart,
            endAt: shiftWallClock(row.end_at, deltaMs),
            override: input.override === true,
            timezone,
            now,
            exceptIds: movingIds,
          }),
        );
        if (!attempt.ok) failures.push(occurrenceFailure(index, newStart, attempt.error));
      }
      if (failures.length > 0) {
        throw seriesConflicts(failures, moving.length);
      }
      await trx.updateTable('booking_series').set({ updated_at: nowIso() }).where('id', '=', id).execute();
      return readSeries(trx, caller, id, timezone);
    }),
  );
}

/**
 * Cancels the occurrence `fromBookingId` and every later one still scheduled or provisional;
 * without it, every one that has not started yet (salon time).
 */
export async function cancelSeries(
  ctx: AppContext,
  caller: AuthUser,
  id: number,
  fromBookingId: number | undefined,
): Promise<SeriesOutput> {
  const timezone = await readTimezone(ctx.db);
  return ctx.db.transaction().execute(
    asActor(userActor(caller), async (trx) => {
      const rows = await lockOccurrences(trx, ctx.dialect, caller, id);
      const nowLocal = formatInstant(nowIso(), timezone);
      const from = fromBookingId === undefined ? null : fromOccurrence(rows, fromBookingId);
      const open = rows.filter(
        (row, index) =>
          (from === null ? row.start_at >= nowLocal : index >= from) &&
          (row.status === 'scheduled' || row.status === 'provisional'),
      );
      if (open.length === 0) throw conflict('already_cancelled', 'No occurrence from there on is left to cancel');
      const now = nowIso();
      await cancelLocked(trx, ctx.config, open, now);
      await trx.updateTable('booking_series').set({ updated_at: now }).where('id', '=', id).execute();
      return readSeries(trx, caller, id, timezone);
    }),
  );
}
