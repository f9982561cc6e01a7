import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * Limits against SMS pumping (anyone can type a number on the booking page and make the
 * salon's SMS account text it):
 *
 * - `sms_allowed_countries`: a JSON array of ISO 3166 country codes whose numbers may be
 *   texted; `[]` (the default) means the salon's own country, the one numbers without `+` are
 *   read in;
 * - `sms_daily_limit`: text messages a day for the whole salon; `sms_prefix_daily_limit`:
 *   text messages a day to numbers that differ only in their last three digits.
 *
 * `clients.phone_unconfirmed` holds a number typed on the booking page by someone who has not
 * shown that the email address is theirs: while it is the client's phone, no SMS goes to it.
 * Rows written before this migration have none (their numbers stay as trusted as they were).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  const settingsColumns: Array<[string, 'text' | 'integer', string | number]> = [
    ['sms_allowed_countries', 'text', '[]'],
    ['sms_daily_limit', 'integer', 200],
    ['sms_prefix_daily_limit', 'integer', 10],
  ];
  for (const [name, type, fallback] of settingsColumns) {
    await db.schema
      .alterTable('settings')
      .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  await db.schema.alterTable('clients').addColumn('phone_unconfirmed', 'text').execute();
}
