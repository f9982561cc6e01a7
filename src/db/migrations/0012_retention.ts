import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * Retention report (spec 4.8): completed visits grouped per client. With status first and
 * client second, the grouped scan reads the index in client order and never touches the
 * table; the churn probes per client use the existing bookings_client (client_id, start_at).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  void dialect;
  await db.schema
    .createIndex('bookings_status_client_start')
    .on('bookings')
    .columns(['status', 'client_id', 'start_at'])
    .execute();
}
