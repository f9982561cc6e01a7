import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { DB, ResourcesTable } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { ResourceOutput } from './schemas.js';

/* Resources as the API shows them, each with the active services that require it. */

type ResourceRow = Pick<ResourcesTable, 'name' | 'capacity' | 'location_id'> & { id: number; active: number };

function toResource(row: ResourceRow, serviceIds: number[]): ResourceOutput {
  return {
    id: row.id,
    name: row.name,
    capacity: row.capacity,
    location_id: row.location_id,
    active: row.active === 1 ? 1 : 0,
    service_ids: serviceIds,
  };
}

const selectResources = (executor: Executor) =>
  executor.selectFrom('resources').select(['id', 'name', 'capacity', 'location_id', 'active']);

/** The active services requiring each resource, by service id: one query for any number of resources. */
async function serviceIdsByResource(executor: Executor, resourceId?: number): Promise<Map<number, number[]>> {
  let query = executor
    .selectFrom('service_resources as sr')
    .innerJoin('services as s', 's.id', 'sr.service_id')
    .select(['sr.resource_id', 'sr.service_id'])
    .where('s.active', '=', 1);
  if (resourceId !== undefined) query = query.where('sr.resource_id', '=', resourceId);
  const rows = await query.orderBy('sr.service_id').execute();
  const result = new Map<number, number[]>();
  for (const row of rows) {
    const ids = result.get(row.resource_id);
    if (ids) ids.push(row.service_id);
    else result.set(row.resource_id, [row.service_id]);
  }
  return result;
}

/** Active resources by name (case-insensitive), then id; `include_inactive` (admins only) adds archived ones. */
export async function listResources(
  db: Kysely<DB>,
  caller: AuthUser,
  query: { include_inactive?: boolean | undefined },
): Promise<ResourceOutput[]> {
  const withInactive = query.include_inactive === true;
  if (withInactive && caller.role !== 'admin') throw forbidden('Only admins can list archived resources');
  let select = selectResources(db);
  if (!withInactive) select = select.where('active', '=', 1);
  const [rows, services] = await Promise.all([
    select
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute(),
    serviceIdsByResource(db),
  ]);
  return rows.map((row) => toResource(row, services.get(row.id) ?? []));
}

export async function readResource(executor: Executor, id: number): Promise<ResourceOutput> {
  const row = await selectResources(executor).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Resource');
  const services = await serviceIdsByResource(executor, id);
  return toResource(row, services.get(id) ?? []);
}

/** One resource, archived ones too. */
export function getResource(db: Kysely<DB>, id: number): Promise<ResourceOutput> {
  return readResource(db, id);
}
