import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/types.js';
import { toFlag } from '../../http/schemas.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { toCents } from '../../lib/money.js';
import { nowIso } from '../../lib/time.js';
import { defaultVatRateId, requireUsableVatRate } from '../settings/service.js';
import type { PackageCreateInput, PackageOutput, PackageUpdateInput } from './schemas.js';
import { type PackageRow, readPackage } from './reads.js';

/*
 * Creating, changing and deleting a package. Credits already sold keep what was bought: changing
 * a package's services changes only later sales.
 */

async function replaceServices(trx: Transaction<DB>, packageId: number, services: PackageCreateInput['services']) {
  const ids = [...new Set(services.map((s) => s.service_id))];
  if (ids.length !== services.length) {
    throw badRequest('validation_failed', 'A service appears twice in services', [
      { field: 'services', message: 'each service_id once' },
    ]);
  }
  const found = await trx.selectFrom('services').select('id').where('id', 'in', ids).where('active', '=', 1).execute();
  const known = new Set(found.map((row) => row.id));
  services.forEach((service, index) => {
    if (!known.has(service.service_id)) {
      throw badRequest('unknown_service', 'No active service has this id', [
        { field: `services.${index}.service_id`, message: 'is not an active service' },
      ]);
    }
  });
  await trx.deleteFrom('package_services').where('package_id', '=', packageId).execute();
  await trx
    .insertInto('package_services')
    .values(services.map((s) => ({ package_id: packageId, service_id: s.service_id, quantity: s.quantity })))
    .execute();
}

export async function createPackage(ctx: AppContext, input: PackageCreateInput): Promise<PackageOutput> {
  return ctx.db.transaction().execute(async (trx) => {
    let vatRateId = input.vat_rate_id ?? null;
    if (vatRateId !== null) await requireUsableVatRate(trx, ctx.dialect, vatRateId);
    else if (input.vat_rate_id === undefined) vatRateId = await defaultVatRateId(trx);
    const now = nowIso();
    const row = await trx
      .insertInto('packages')
      .values({
        name: input.name.trim(),
        description: input.description?.trim() ?? '',
        price: toCents(input.price),
        vat_rate_id: vatRateId,
        active: input.active === undefined ? 1 : toFlag(input.active),
        valid_days: input.valid_days ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceServices(trx, row.id, input.services);
    return readPackage(trx, row.id);
  });
}

export async function updatePackage(ctx: AppContext, id: number, input: PackageUpdateInput): Promise<PackageOutput> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('packages').select('id').where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound('Package');
    if (typeof input.vat_rate_id === 'number') await requireUsableVatRate(trx, ctx.dialect, input.vat_rate_id);
    const changes: Partial<PackageRow> = {};
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.description !== undefined) changes.description = input.description.trim();
    if (input.price !== undefined) changes.price = toCents(input.price);
    if (input.vat_rate_id !== undefined) changes.vat_rate_id = input.vat_rate_id;
    if (input.active !== undefined) changes.active = toFlag(input.active);
    // Packages already sold keep the expiry date they were sold with.
    if (input.valid_days !== undefined) changes.valid_days = input.valid_days;
    await trx
      .updateTable('packages')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    // Credits already sold keep what was bought: they are rows of their own.
    if (input.services !== undefined) await replaceServices(trx, id, input.services);
    return readPackage(trx, id);
  });
}

/** A package that was sold stays (clients hold its credits): deactivate it instead. */
export async function deletePackage(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('packages').select('id').where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound('Package');
    const sold = await trx.selectFrom('client_packages').select('id').where('package_id', '=', id).executeTakeFirst();
    if (sold) throw conflict('package_in_use', 'This package was sold; deactivate it instead');
    await trx.deleteFrom('packages').where('id', '=', id).execute();
  });
}
