import type { Kysely, Selectable } from 'kysely';
import type { PackagesTable } from '../../db/tables/pos.js';
import type { DB } from '../../db/types.js';
import { paginate, type Page } from '../../http/pagination.js';
import type { Executor } from '../../db/executor.js';
import { notFound } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { formatInstant } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { PackageListFilter, PackageOutput } from './schemas.js';

/* Packages as the API shows them, each with the services it bundles. */

export type PackageRow = Selectable<PackagesTable>;

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
    valid_days: row.valid_days,
    services,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

export async function readPackage(executor: Executor, id: number): Promise<PackageOutput> {
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
