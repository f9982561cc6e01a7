import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { BookingStatus, DB } from '../../db/types.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../http/pagination.js';
import { fromCents } from '../../lib/money.js';
import type { ClientHistoryInput, ClientHistoryOutput } from './history-schemas.js';
import { findClient } from './record.js';
import { clientNetSpentCents } from './spend.js';

/*
 * A client's history at the desk: how often they came, what they spent, when last, how often
 * they did not show or cancelled, and their bookings page by page. Every booking of the
 * client counts, whichever staff member it was with: it describes the client, like the client
 * record itself.
 *
 * The bookings are read by the bookings module's own functions, handed over by the
 * composition root (src/composition.ts): bookings uses clients (a booking's client is locked
 * through clients' service), so clients does not import bookings back and the modules form no
 * circle.
 */

/** What a client's history counts of their bookings. */
export interface ClientBookingStats {
  total: number;
  completed: number;
  noShow: number;
  cancelled: number;
  /** start_at of the first and the latest completed booking, or null. */
  firstVisit: string | null;
  lastVisit: string | null;
}

/** What the history reads of a client's bookings. */
export interface ClientBookingReads {
  stats(executor: Executor, clientId: number): Promise<ClientBookingStats>;
  /** One page, every status, newest first, with the price each was booked at (cents). */
  page(
    executor: Executor,
    clientId: number,
    limit: number,
    offset: number,
  ): Promise<
    Array<{
      id: number;
      start_at: string;
      end_at: string;
      status: BookingStatus;
      service_id: number;
      service_name: string;
      staff_id: number;
      staff_name: string;
      price: number;
    }>
  >;
}

let bookingReads: ClientBookingReads | undefined;

export function registerClientBookingReads(reads: ClientBookingReads): void {
  bookingReads = reads;
}

function clientBookings(): ClientBookingReads {
  if (!bookingReads) throw new Error('the client history’s booking reads were not registered (src/composition.ts)');
  return bookingReads;
}

export async function clientHistory(
  db: Kysely<DB>,
  clientId: number,
  query: ClientHistoryInput,
): Promise<ClientHistoryOutput> {
  await findClient(db, clientId);
  const page = query.page ?? 1;
  const limit = Math.min(query.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const bookings = clientBookings();
  const [stats, rows, spent] = await Promise.all([
    bookings.stats(db, clientId),
    bookings.page(db, clientId, limit, (page - 1) * limit),
    db.selectNoFrom(clientNetSpentCents(sql.val(clientId)).as('cents')).executeTakeFirstOrThrow(),
  ]);
  return {
    client_id: clientId,
    visit_count: stats.completed,
    // pg answers a SUM as a string.
    total_spent: fromCents(Number(spent.cents)),
    first_visit: stats.firstVisit,
    last_visit: stats.lastVisit,
    no_show_count: stats.noShow,
    cancelled_count: stats.cancelled,
    data: rows.map((row) => ({
      id: row.id,
      start_at: row.start_at,
      end_at: row.end_at,
      status: row.status,
      service_id: row.service_id,
      service_name: row.service_name,
      staff_id: row.staff_id,
      staff_name: row.staff_name,
      price: fromCents(row.price),
    })),
    page,
    limit,
    total: stats.total,
    total_pages: Math.ceil(stats.total / limit),
  };
}
