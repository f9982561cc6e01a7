import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { PackagesTable } from '../../db/tables/pos.js';
import type { DB } from '../../db/types.js';
import { paginate, type Page } from '../../http/pagination.js';
import { toFlag } from '../../http/schemas.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { fromCents, toCents } from '../../lib/money.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import { defaultVatRateId, requireUsableVatRate } from '../settings/service.js';
import type {
  CreditOutput,
  PackageCreateInput,
  PackageListFilter,
  PackageOutput,
  PackageUpdateInput,
} from './schemas.js';

/*
 * A package is a named bundle of services with one price ("5 cuts for 180"). Sold at the till
 * as a `package` line, it leaves the client one credit row per service of the bundle
 * (quantity × line quantity). A later service line with `use_package_credit` spends credits
 * of that service, oldest package first, by a conditional update (`remaining >= n`) that a
 * check constraint backs: credits never go below zero, also under concurrent sales.
 */

type PackageRow = Selectable<PackagesTable>;

async function servicesOf(executor: Executor, packageIds: number[]) {
  if (packageIds.length === 0) return new Map<number, PackageOutput['services']>();
  const rows = await executor
    .selectFrom('package_services as ps')
    .innerJoin('services as s', 's.id', 'ps.service_id')
    .select(['ps.package_id', 'ps.service_id', 's.name as service_name', 'ps.quantity'])
    .where('ps.package_id', 'in', packageIds)
    .orderBy('ps.package_id')
    .orderBy('ps.service_id')
    .execute();
  const map = new Map<number, PackageOutput['services']>();
  for (const row of rows) {
    const list = map.get(row.package_id) ?? [];
    list.push({ service_id: row.service_id, service_name: row.service_name, quantity: row.quantity });
    map.set(row.package_id, list);
  }
  return map;
}

function toPackage(row: PackageRow, services: PackageOutput['services'], timezone: string): PackageOutput {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: fromCents(row.price),
    vat_rate_id: row.vat_rate_id,
    active: row.active === 1 ? 1 : 0,
    services,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

async function readPackage(executor: Executor, id: number): Promise<PackageOutput> {
  const row = await executor.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Package');
  const services = await servicesOf(executor, [id]);
  return toPackage(row, services.get(id) ?? [], await readTimezone(executor));
}

export async function listPackages(
  db: Kysely<DB>,
  filter: PackageListFilter,
): Promise<PackageOutput[] | Page<PackageOutput>> {
  const timezone = await readTimezone(db);
  let query = db.selectFrom('packages').selectAll();
  if (filter.active !== undefined) query = query.where('active', '=', filter.active ? 1 : 0);
  const count = async () =>
    Number(
      (
        await query
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const page = await paginate(query.orderBy('name').orderBy('id'), count, filter, (row) => row);
  const rows = Array.isArray(page) ? page : page.data;
  const services = await servicesOf(
    db,
    rows.map((row) => row.id),
  );
  const mapped = rows.map((row) => toPackage(row, services.get(row.id) ?? [], timezone));
  return Array.isArray(page) ? mapped : { ...page, data: mapped };
}

export function getPackage(db: Kysely<DB>, id: number): Promise<PackageOutput> {
  return readPackage(db, id);
}

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

/** A client's package credits, oldest purchase first; spent ones included (remaining 0). */
export async function listCredits(db: Kysely<DB>, clientId: number): Promise<CreditOutput[]> {
  const timezone = await readTimezone(db);
  const rows = await db
    .selectFrom('client_package_credits as c')
    .innerJoin('client_packages as cp', 'cp.id', 'c.client_package_id')
    .innerJoin('services as s', 's.id', 'c.service_id')
    .select([
      'c.client_package_id',
      'cp.package_id',
      'cp.name as package_name',
      'cp.order_id',
      'c.service_id',
      's.name as service_name',
      'c.total',
      'c.remaining',
      'cp.created_at',
    ])
    .where('c.client_id', '=', clientId)
    .orderBy('c.id')
    .execute();
  return rows.map(({ created_at, ...row }) => ({ ...row, purchased_at: formatInstant(created_at, timezone) }));
}

// ---------------------------------------------------------------- the till

/** Gives the client the credits of `quantity` packages bought in an order. */
export async function grantPackage(
  trx: Executor,
  grant: { clientId: number; packageId: number; name: string; orderId: number; quantity: number },
): Promise<void> {
  const clientPackage = await trx
    .insertInto('client_packages')
    .values({
      client_id: grant.clientId,
      package_id: grant.packageId,
      order_id: grant.orderId,
      name: grant.name,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const services = await trx
    .selectFrom('package_services')
    .select(['service_id', 'quantity'])
    .where('package_id', '=', grant.packageId)
    .execute();
  if (services.length === 0) return;
  await trx
    .insertInto('client_package_credits')
    .values(
      services.map((s) => ({
        client_package_id: clientPackage.id,
        client_id: grant.clientId,
        service_id: s.service_id,
        total: s.quantity * grant.quantity,
        remaining: s.quantity * grant.quantity,
      })),
    )
    .execute();
}

/**
 * Spends `quantity` credits of a service from one of the client's packages (the oldest that
 * still has enough), and answers its client_package id; 409 `no_package_credit` when none has.
 */
export async function spendCredits(
  trx: Executor,
  clientId: number,
  serviceId: number,
  quantity: number,
): Promise<number> {
  const candidate = await trx
    .selectFrom('client_package_credits')
    .select(['id', 'client_package_id'])
    .where('client_id', '=', clientId)
    .where('service_id', '=', serviceId)
    .where('remaining', '>=', quantity)
    .orderBy('id')
    .executeTakeFirst();
  const spent = candidate
    ? await trx
        .updateTable('client_package_credits')
        .set({ remaining: sql`remaining - ${quantity}` })
        .where('id', '=', candidate.id)
        .where('remaining', '>=', quantity)
        .returning('id')
        .executeTakeFirst()
    : undefined;
  if (!candidate || !spent) {
    throw conflict('no_package_credit', `The client has no package with ${quantity} credit(s) left for this service`);
  }
  return candidate.client_package_id;
}
