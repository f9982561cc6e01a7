import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * The salon's curation of reviews. `settings.reviews_need_approval`: 1 keeps a new review off
 * the booking page (stored hidden) until the salon publishes it; 0, the default, publishes it at
 * once as before, so a salon that never sets it sees no change. `reviews.reply`: the salon's
 * answer to a review, '' for none, shown with the review on the booking page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('reviews_need_approval', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('reviews')
    .addColumn('reply', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
