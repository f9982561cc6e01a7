import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { lockSettingsRow } from '../../db/settings.js';
import { toFlag } from '../../http/schemas.js';
import { badRequest } from '../../lib/errors.js';

/*
 * The salon's opening hours per weekday. Set at setup and replaced later as a whole week (a
 * salon's hours change with the seasons); availability falls back on them for a member without
 * a shift that day, and the booking page shows them.
 */

/** One weekday as the set-up and the replacement take it. */
export interface OpeningHoursInput {
  day_of_week: number;
  open_time?: string | null;
  close_time?: string | null;
  is_closed?: boolean | 0 | 1;
}

/** One weekday as it is stored and answered. */
export interface OpeningHoursRow {
  day_of_week: number;
  open_time: string | null;
  close_time: string | null;
  is_closed: 0 | 1;
}

/**
 * Each weekday once, and an open day opening before it closes: 400 on the field of the entry
 * (`opening_hours.<index>.…`), so a form whose fields are named so shows it on that day's field.
 */
export function validateOpeningHours(entries: readonly OpeningHoursInput[]): OpeningHoursRow[] {
  const seen = new Set<number>();
  return entries.map((entry, index) => {
    const field = `opening_hours.${index}`;
    if (seen.has(entry.day_of_week)) {
      throw badRequest('validation_failed', 'Each day may appear once in opening_hours', [
        { field: `${field}.day_of_week`, message: 'appears more than once' },
      ]);
    }
    seen.add(entry.day_of_week);
    const isClosed = entry.is_closed === undefined ? 0 : toFlag(entry.is_closed);
    const open = entry.open_time ?? null;
    const close = entry.close_time ?? null;
    if (!isClosed && (!open || !close || open >= close)) {
      throw badRequest('validation_failed', 'An open day needs open_time before close_time', [
        { field: `${field}.close_time`, message: 'must be after open_time' },
      ]);
    }
    return {
      day_of_week: entry.day_of_week,
      open_time: isClosed ? null : open,
      close_time: isClosed ? null : close,
      is_closed: isClosed,
    };
  });
}

/** The stored weekdays, Sunday (0) first; a weekday without an entry is absent. */
export async function readOpeningHours(db: Executor): Promise<OpeningHoursRow[]> {
  const rows = await db.selectFrom('opening_hours').selectAll().orderBy('day_of_week').execute();
  return rows.map((row) => ({
    day_of_week: row.day_of_week,
    open_time: row.open_time,
    close_time: row.close_time,
    is_closed: row.is_closed === 1 ? 1 : 0,
  }));
}

/**
 * Replaces the whole week in one transaction: a weekday left out has no hours afterwards (its
 * members' own shifts decide). The calendar's cached views move with the table (its triggers).
 */
export async function replaceOpeningHours(
  ctx: AppContext,
  entries: readonly OpeningHoursInput[],
): Promise<{ opening_hours: OpeningHoursRow[] }> {
  const hours = validateOpeningHours(entries);
  return ctx.db.transaction().execute(async (trx) => {
    // Two replacements at once would both delete and then both insert the same weekdays: the
    // settings row's lock makes the second wait for the first (as the set-up does).
    await lockSettingsRow(trx, ctx.dialect);
    await trx.deleteFrom('opening_hours').execute();
    if (hours.length > 0) await trx.insertInto('opening_hours').values(hours).execute();
    return { opening_hours: await readOpeningHours(trx) };
  });
}
