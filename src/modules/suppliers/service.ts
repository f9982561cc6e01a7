import { sql, type Kysely, type Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { nextNumber } from '../../db/sequences.js';
import type { DB, SuppliersTable } from '../../db/types.js';
import { paginate, type Page } from '../../http/pagination.js';
import { toFlag } from '../../http/schemas.js';
import type { Executor } from '../../db/executor.js';
import { conflict, notFound } from '../../lib/errors.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import { recentOrdersOfSupplier } from './orders.js';
import type {
  SupplierCreateInput,
  SupplierDetailOutput,
  SupplierListFilter,
  SupplierOutput,
  SupplierUpdateInput,
} from './schemas.js';

type SupplierRow = Selectable<SuppliersTable>;

function toSupplier(row: SupplierRow, timezone: string): SupplierOutput {
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

async function findSupplier(executor: Executor, id: number): Promise<SupplierRow> {
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

/** The creditor number is drawn in the insert's own transaction: a failed insert gives it back. */
export async function createSupplier(ctx: AppContext, input: SupplierCreateInput): Promise<SupplierOutput> {
  const timezone = await readTimezone(ctx.db);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const creditorNumber = await nextNumber(trx, 'CRED', timezone);
    const now = nowIso();
    return trx
      .insertInto('suppliers')
      .values({
        name: input.name.trim(),
        contact_person: input.contact_person?.trim() ?? '',
        email: input.email?.trim().toLowerCase() ?? '',
        phone: input.phone?.trim() ?? '',
        address: input.address?.trim() ?? '',
        notes: input.notes?.trim() ?? '',
        website: input.website?.trim() ?? '',
        active: 1,
        creditor_number: creditorNumber,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toSupplier(row, timezone);
}

/** Only the fields present change; the creditor number never does. */
export async function updateSupplier(ctx: AppContext, id: number, input: SupplierUpdateInput): Promise<SupplierOutput> {
  const changes: Partial<Omit<SupplierRow, 'id' | 'creditor_number' | 'created_at'>> = {};
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.contact_person !== undefined) changes.contact_person = input.contact_person.trim();
  if (input.email !== undefined) changes.email = input.email.trim().toLowerCase();
  if (input.phone !== undefined) changes.phone = input.phone.trim();
  if (input.address !== undefined) changes.address = input.address.trim();
  if (input.notes !== undefined) changes.notes = input.notes.trim();
  if (input.website !== undefined) changes.website = input.website.trim();
  if (input.active !== undefined) changes.active = toFlag(input.active);
  const row =
    Object.keys(changes).length === 0
      ? await findSupplier(ctx.db, id)
      : await ctx.db
          .updateTable('suppliers')
          .set({ ...changes, updated_at: nowIso() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
  if (!row) throw notFound('Supplier');
  return toSupplier(row, await readTimezone(ctx.db));
}

/**
 * Removes the supplier. Purchase orders and products refer to it with ON DELETE RESTRICT, so
 * one still in use fails in the database (a single statement: nothing else to roll back on
 * PostgreSQL) and becomes a 409: deactivate it instead. Checking first would race with a
 * concurrent new order; the foreign key cannot.
 */
export async function deleteSupplier(ctx: AppContext, id: number): Promise<void> {
  try {
    const result = await ctx.db.deleteFrom('suppliers').where('id', '=', id).executeTakeFirst();
    if (result.numDeletedRows === 0n) throw notFound('Supplier');
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw conflict(
        'supplier_in_use',
        'This supplier still has purchase orders or products; deactivate it instead (active: 0)',
      );
    }
    throw error;
  }
}
