import type { Insertable, Selectable, Transaction } from 'kysely';
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
  // The old default changed too: its updated_at says so (a sync or an export by change time sees it).
  let query = trx.updateTable(table).set({ is_default: 0, updated_at: nowIso() }).where('is_default', '=', 1);
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

/**
 * Inserts a row with its timestamps and returns it. A new default first takes the flag off the
 * old default, so the unique index never sees two.
 */
export async function insertDefaultRow<Table extends DefaultRowTable>(
  trx: Transaction<DB>,
  table: Table,
  values: Omit<Insertable<DB[Table]>, 'id' | 'created_at' | 'updated_at'> & { is_default: number },
): Promise<Selectable<DB[Table]>> {
  if (values.is_default === 1) await clearOtherDefaults(trx, table, null);
  const now = nowIso();
  const row = await trx
    .insertInto(table)
    // The union of the two tables' insert types is not one Kysely can check per table here;
    // the parameter's type already did, for the table the caller named.
    .values({ ...values, created_at: now, updated_at: now } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}
