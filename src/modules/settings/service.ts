import type { Executor } from '../../jobs/queue.js';
import type { Settings } from '../../db/types.js';
import { DEFAULT_TIMEZONE } from '../../lib/time.js';

/** The single settings record (id = 1), created by the first migration. */
export async function readSettings(db: Executor): Promise<Settings> {
  return db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

export async function readTimezone(db: Executor): Promise<string> {
  const row = await db.selectFrom('settings').select('timezone').where('id', '=', 1).executeTakeFirst();
  return row?.timezone || DEFAULT_TIMEZONE;
}

export async function readSalonName(db: Executor): Promise<string> {
  const row = await db.selectFrom('settings').select('salon_name').where('id', '=', 1).executeTakeFirst();
  return row?.salon_name || 'Salon';
}
