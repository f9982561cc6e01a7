import type { Transaction } from 'kysely';
import { nowIso } from '../lib/time.js';
import type { DB } from './types.js';

/**
 * The tables in which at most one row is the default (`is_default = 1`, kept unique by a
 * partial unique index): locations and VAT rates. Their writers hold the settings row lock
 * (db/settings.ts lockSettingsRow), so two changes of the default run one after the other.
 */
export type DefaultRowTable = 'locations' | 'vat_rates';

/** Takes the default flag off every row but `keepId` (off every row when null). */
export async function clearOtherDefaults(
  trx: Transaction<DB>,
  table: DefaultRowTable,
  keepId: number | null,
): Promise<void> {
  let query = trx.updateTable(table).set({ is_default: 0 }).where('is_default', '=', 1);
  if (keepId !== null) query = query.where('id', '<>', keepId);
  await query.execute();
}

/**
 * Writes the changed fields of row `id` and returns the row; nothing changed: `current` as it
 * is. A row made the default first takes the flag off the old default, so the unique index
 * never sees two.
 */
export async function updateDefaultRow<Row extends { is_default: number }>(
  trx: Transaction<DB>,
  table: DefaultRowTable,
  id: number,
  current: Row,
  changes: NoInfer<Partial<Row>>,
): Promise<Row> {
  if (Object.keys(changes).length === 0) return current;
  if (changes.is_default === 1) await clearOtherDefaults(trx, table, id);
  const row = await trx
    .updateTable(table)
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as unknown as Row;
}
