import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * What the booking page shows of a staff member beyond their name:
 *
 *  - `users.bio`: a short introduction ('' when none), at most 500 characters.
 *  - `users.photo_key`: the storage key of their photo (made by the service, never a path from a
 *    request), null when none; `users.photo_content_type` the type it was sniffed as.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('bio', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`length(bio) <= 500`),
    )
    .execute();
  await db.schema.alterTable('users').addColumn('photo_key', 'text').execute();
  await db.schema.alterTable('users').addColumn('photo_content_type', 'text').execute();
}
