import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * The clients list can be ordered by when a client was added (newest first at the desk). An
 * index in that order, with the id that breaks ties, lets a page of 200,000 clients be read
 * from the index's end rather than sorting the whole table for every page.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('clients_created').on('clients').columns(['created_at', 'id']).execute();
}
