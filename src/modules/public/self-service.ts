import type { Transaction } from 'kysely';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { BookingsTable, DB } from '../../db/types.js';
import { formatInstant } from '../../lib/time.js';
import { endOf, judgeStart, loadDay } from '../availability/service.js';
import {
  asActor,
  cancelOwnBooking,
  confirmOwnAttendance,
  findActionToken,
  lockOwnBooking,
  moveOwnBooking,
  readBooking,
  readSelfServiceRules,
  selfServiceActions,
  useActionToken,
  type BookingJoinedRow,
} from '../bookings/service.js';
import { readSettings } from '../settings/service.js';
import { staffChoiceDisabled } from './availability.js';
import { parseStart } from './bookings.js';
import { refuse } from './intake.js';
import { confirmClientPhone } from './phone-confirmation.js';
import type { BookingActionsOutput, MoveInput } from './schemas.js';
import { toPublicBooking } from './view.js';

/*
 * The client's self-service on a booking, by the single-use links of the booking emails (no
 * sign-in: the token is the proof) or from their account (the client token is). Both paths
 * share the rules (bookings/self-service.ts: when attend, cancel and move are allowed) and
 * the move below: the booking page's own availability judges the new start, as for a new
 * booking, under the same locks.
 */

type BookingRow = Selectable<BookingsTable>;

/**
 * Moves a locked booking of the client to `input.start_at` (and maybe another staff member):
 * the start must be one availability would offer that member for the booking's service (lead
 * time, max future days, working time, the slot grid, busy time and resources, the booking
 * itself not counting as busy), judged under the member's lock. The moved booking takes the
 * length a new booking with that member would have.
 */
async function moveBooking(
  ctx: AppContext,
  trx: Transaction<DB>,
  booking: BookingRow,
  input: MoveInput,
  now: Date,
): Promise<BookingJoinedRow> {
  const startAt = parseStart(input.start_at);
  const settings = await readSettings(trx);
  const staffId = input.staff_id ?? booking.staff_id;
  if (staffId !== booking.staff_id && settings.booking_allow_staff_choice !== 1) throw staffChoiceDisabled();
  return moveOwnBooking(
    trx,
    ctx.dialect,
    booking,
    {
      staffId,
      startAt,
      place: async (locked) => {
        const day = await loadDay(
          locked,
          {
            date: startAt.slice(0, 10),
            serviceId: booking.service_id,
            staffId,
            clientId: booking.client_id,
            excludeBookingIds: [booking.id],
          },
          true,
          now,
        );
        const verdict = judgeStart(day.input, startAt);
        if (!verdict.ok) throw refuse(verdict.reason);
        const member = day.input.staff.find((candidate) => candidate.id === verdict.staffId);
        return endOf(startAt, member?.durationMin ?? day.input.durationMin);
      },
    },
    await readSelfServiceRules(trx),
    now,
  );
}

/** GET by token: the booking, the salon, and what each action allows now; the token stays unused. */
export async function readBookingActions(
  ctx: AppContext,
  token: string,
  now: Date = new Date(),
): Promise<BookingActionsOutput> {
  const found = await findActionToken(ctx.db, token, undefined, now);
  const row = await readBooking(ctx.db, found.booking_id);
  const raw = await ctx.db
    .selectFrom('bookings')
    .select(['visit_id', 'client_confirmed_at'])
    .where('id', '=', found.booking_id)
    .executeTakeFirst();
  // The tokens go with their booking (a foreign key with cascade), so this is a race at most.
  if (!row || !raw) throw new Error(`booking ${found.booking_id} of an action token is gone`);
  const [rules, settings] = await Promise.all([readSelfServiceRules(ctx.db), readSettings(ctx.db)]);
  const minutes =
    (Date.parse(`${row.end_at.replace(' ', 'T')}Z`) - Date.parse(`${row.start_at.replace(' ', 'T')}Z`)) / 60_000;
  return {
    purpose: found.purpose,
    expires_at: formatInstant(found.expires_at, rules.timezone),
    salon_name: settings.salon_name,
    booking: {
      ...toPublicBooking(row),
      duration_min: minutes,
      client_confirmed_at: formatInstant(raw.client_confirmed_at, rules.timezone),
    },
    actions: selfServiceActions({ status: row.status, start_at: row.start_at, visit_id: raw.visit_id }, rules, now),
  };
}

/** The token's action in one transaction with its use: a refused action leaves the token usable. */
function byToken<T>(
  ctx: AppContext,
  token: string,
  purpose: 'attend' | 'cancel' | 'move',
  act: (trx: Transaction<DB>, booking: BookingRow) => Promise<T>,
  now: Date,
): Promise<T> {
  return ctx.db.transaction().execute(
    asActor('client', async (trx) => {
      const bookingId = await useActionToken(trx, token, purpose, now);
      const booking = await lockOwnBooking(trx, ctx.dialect, bookingId, null);
      // A link of the salon's email reached the client: attending or moving confirms their number.
      if (purpose !== 'cancel') await confirmClientPhone(trx, booking.client_id);
      return act(trx, booking);
    }),
  );
}

export async function attendByToken(ctx: AppContext, token: string, now: Date = new Date()) {
  return byToken(
    ctx,
    token,
    'attend',
    async (trx, booking) => confirmOwnAttendance(trx, booking, await readSelfServiceRules(trx), now),
    now,
  );
}

export async function cancelByToken(ctx: AppContext, token: string, now: Date = new Date()) {
  return byToken(
    ctx,
    token,
    'cancel',
    async (trx, booking) => cancelOwnBooking(trx, ctx.config, booking, await readSelfServiceRules(trx), now),
    now,
  );
}

export async function moveByToken(ctx: AppContext, input: MoveInput & { token: string }, now: Date = new Date()) {
  return byToken(ctx, input.token, 'move', (trx, booking) => moveBooking(ctx, trx, booking, input, now), now);
}

/** The signed-in client moves one of their bookings; another client's is 404. */
export async function moveMyBooking(
  ctx: AppContext,
  clientId: number,
  id: number,
  input: MoveInput,
  now: Date = new Date(),
) {
  return ctx.db
    .transaction()
    .execute(
      asActor('client', async (trx) =>
        moveBooking(ctx, trx, await lockOwnBooking(trx, ctx.dialect, id, clientId), input, now),
      ),
    );
}
