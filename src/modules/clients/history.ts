import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../http/pagination.js';
import { fromCents } from '../../lib/money.js';
import { clientBookingPage, clientBookingStats } from '../bookings/service.js';
import type { ClientHistoryInput, ClientHistoryOutput } from './history-schemas.js';
import { findClient } from './service.js';

/*
 * A client's history at the desk: how often they came, what they spent, when last, how often
 * they did not show or cancelled, and their bookings page by page. Every booking of the
 * client counts, whichever staff member it was with: it describes the client, like the client
 * record itself.
 */

export async function clientHistory(
  db: Kysely<DB>,
  clientId: number,
  query: ClientHistoryInput,
): Promise<ClientHistoryOutput> {
  await findClient(db, clientId);
  const page = query.page ?? 1;
  const limit = Math.min(query.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const [stats, rows, spent] = await Promise.all([
    clientBookingStats(db, clientId),
    clientBookingPage(db, clientId, limit, (page - 1) * limit),
    db
      .selectFrom('pos_orders')
      .where('client_id', '=', clientId)
      .where('payment_status', '=', 'paid')
      .select((eb) => eb.fn.sum<number>('total').as('cents'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    client_id: clientId,
    visit_count: stats.completed,
    total_spent: fromCents(Number(spent.cents ?? 0)),
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
