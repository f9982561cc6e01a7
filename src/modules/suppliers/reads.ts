import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, SuppliersTable } from '../../db/types.js';
import { paginate, type Page } from '../../http/pagination.js';
import type { Executor } from '../../db/executor.js';
import { notFound } from '../../lib/errors.js';
import { formatInstant } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import { recentOrdersOfSupplier } from './orders.js';
import type { SupplierDetailOutput, SupplierListFilter, SupplierOutput } from './schemas.js';

/* Suppliers as the API shows them: the list, and one supplier with its recent purchase orders. */

export type SupplierRow = Selectable<SuppliersTable>;

export function toSupplier(row: SupplierRow, timezone: string): SupplierOutput {
  return {
    id: row.id,
    name: row.name,
    contact_person: row.contact_person,
    email: row.email,
    phone: row.phone,
    address: row.address,
    notes: row.notes,
    website: row.website,
    active: row.active === 1 ? 1 : 0,
    creditor_number: row.creditor_number,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

/** Ordered by name (case-insensitive: the engines collate differently), then id. */
export async function listSuppliers(
  db: Kysely<DB>,
  filter: SupplierListFilter,
): Promise<SupplierOutput[] | Page<SupplierOutput>> {
  const timezone = await readTimezone(db);
  let base = db.selectFrom('suppliers');
  if (filter.active !== undefined) base = base.where('active', '=', filter.active ? 1 : 0);
  const query = base
    .selectAll()
    .orderBy(sql`lower(name)`)
    .orderBy('id');
  const count = async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  return paginate(query, count, filter, (row) => toSupplier(row, timezone));
}

export async function findSupplier(executor: Executor, id: number): Promise<SupplierRow> {
  const row = await executor.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Supplier');
  return row;
}

/** The supplier with its 20 most recent purchase orders (order_date, then id, descending). */
export async function getSupplier(db: Kysely<DB>, id: number): Promise<SupplierDetailOutput> {
  const row = await findSupplier(db, id);
  const timezone = await readTimezone(db);
  const orders = await recentOrdersOfSupplier(db, id, timezone);
  return { ...toSupplier(row, timezone), orders };
}
