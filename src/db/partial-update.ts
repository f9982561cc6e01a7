import type { Transaction, Updateable } from 'kysely';
import { nowIso } from '../lib/time.js';
import type { DB } from './types.js';

/** Catalogue tables edited field by field (PATCH-like updates): products and services. */
export type PartialUpdateTable = 'products' | 'services';

/**
 * Saves the fields an update changed on row `id`, stamping `updated_at`; no statement when
 * nothing changed, so an empty update leaves `updated_at` as it was. The caller has checked
 * each field (category, supplier, VAT rate …) in the same transaction.
 */
export async function writeChangedFields<T extends PartialUpdateTable>(
  trx: Transaction<DB>,
  table: T,
  id: number,
  changes: Updateable<DB[T]>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  const target: PartialUpdateTable = table;
  await trx
    .updateTable(target)
    .set({ ...(changes as Updateable<DB[PartialUpdateTable]>), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}
