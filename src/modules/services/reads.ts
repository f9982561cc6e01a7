import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import type { Executor } from '../../db/executor.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { photoPath } from './photo-address.js';
import { resourceIdsByService } from './requirements.js';
import type { ServiceOutput } from './schemas.js';

/* Services as the API shows them, each with the resources it requires. */

function selectServices(executor: Executor) {
  return executor
    .selectFrom('services as s')
    .leftJoin('service_categories as c', 'c.id', 's.category_id')
    .select([
      's.id',
      's.name',
      's.duration_min',
      's.price',
      's.category_id',
      'c.name as category_name',
      'c.color as category_color',
      's.vat_rate_id',
      's.position',
      's.processing_after_min',
      's.processing_min',
      's.active',
      's.deposit_type',
      's.deposit_value',
      's.description',
      's.photo_key',
      's.online_bookable',
    ]);
}

type ServiceRow = Awaited<ReturnType<ReturnType<typeof selectServices>['executeTakeFirstOrThrow']>>;

function toService(row: ServiceRow, resourceIds: number[], withActive: boolean): ServiceOutput {
  return {
    id: row.id,
    name: row.name,
    duration_min: row.duration_min,
    price: fromCents(row.price),
    category_id: row.category_id,
    category_name: row.category_name ?? null,
    category_color: row.category_color ?? null,
    vat_rate_id: row.vat_rate_id,
    position: row.position,
    processing_after_min: row.processing_after_min,
    processing_min: row.processing_min,
    resource_ids: resourceIds,
    ...(withActive ? { active: row.active === 1 ? 1 : 0 } : {}),
    deposit_type: row.deposit_type,
    deposit_value: fromCents(row.deposit_value),
    description: row.description,
    photo_url: photoPath(row.id, row.photo_key),
    online_bookable: row.online_bookable === 0 ? 0 : 1,
  };
}

/**
 * Active services by position, name (case-insensitive), then id: one query. With
 * `include_archived` (admins only) the archived ones too, each item then carrying `active`.
 */
export async function listServices(
  db: Kysely<DB>,
  caller: AuthUser,
  query: { include_archived?: boolean | undefined },
): Promise<ServiceOutput[]> {
  const withArchived = query.include_archived === true;
  if (withArchived && caller.role !== 'admin') throw forbidden('Only admins can list archived services');
  let select = selectServices(db);
  if (!withArchived) select = select.where('s.active', '=', 1);
  const [rows, resources] = await Promise.all([
    select
      .orderBy('s.position')
      .orderBy(sql`lower(s.name)`)
      .orderBy('s.id')
      .execute(),
    resourceIdsByService(db),
  ]);
  return rows.map((row) => toService(row, resources.get(row.id) ?? [], withArchived));
}

/** One service, archived ones too, or 404. */
export async function readService(executor: Executor, id: number): Promise<ServiceOutput> {
  const row = await selectServices(executor).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Service');
  const resources = await resourceIdsByService(executor, id);
  return toService(row, resources.get(id) ?? [], true);
}
