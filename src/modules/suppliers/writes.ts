import type { AppContext } from '../../context.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { nextNumber } from '../../db/sequences.js';
import { toFlag } from '../../http/schemas.js';
import { conflict, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { SupplierCreateInput, SupplierOutput, SupplierUpdateInput } from './schemas.js';
import { findSupplier, type SupplierRow, toSupplier } from './reads.js';

/* Creating, changing and deleting a supplier. */

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
