import type { Transaction } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { Executor } from '../../db/executor.js';
import { lockRows } from '../../db/locks.js';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';

/*
 * What a service needs besides a staff member: its processing time and the resources (rooms,
 * equipment) it holds. Checked here, on create and on every update, so that no stored service
 * has a processing window performersOf would have to cut.
 */

export interface ProcessingFields {
  duration_min: number;
  processing_after_min: number;
  processing_min: number;
}

const invalid = (field: string, message: string) =>
  badRequest('validation_failed', `Invalid input: ${field} ${message}`, [{ field, message }]);

/**
 * Both 0 (no processing), or both above 0 with work left after the processing:
 * `processing_after_min + processing_min < duration_min`. `given` lists the fields of the
 * request, so the refusal names one the caller sent (a shorter `duration_min` alone is
 * refused naming `duration_min`).
 */
export function requireValidProcessing(values: ProcessingFields, given: ReadonlySet<keyof ProcessingFields>): void {
  const { duration_min: duration, processing_after_min: after, processing_min: processing } = values;
  if (after === 0 && processing === 0) return;
  if (processing === 0) throw invalid('processing_min', 'must be above 0 when processing_after_min is');
  if (after === 0) {
    throw invalid('processing_after_min', 'must be above 0 when processing_min is: the processing follows some work');
  }
  if (after + processing >= duration) {
    const fields = ['processing_min', 'processing_after_min', 'duration_min'] as const;
    const field = fields.find((name) => given.has(name)) ?? 'processing_min';
    throw invalid(
      field,
      `leaves no finishing work: processing_after_min + processing_min (${after + processing}) must be less than duration_min (${duration})`,
    );
  }
}

/**
 * Every id names an active resource, else 400 `unknown_resource` naming `resource_ids[i]`.
 * On PostgreSQL the rows are held with FOR KEY SHARE until the write commits, so none is
 * deleted meanwhile.
 */
export async function requireActiveResources(trx: Transaction<DB>, dialect: Dialect, ids: readonly number[]) {
  if (ids.length === 0) return;
  const found = await lockRows(
    trx.selectFrom('resources').select('id').where('id', 'in', ids).where('active', '=', 1),
    dialect,
    'key share',
  ).execute();
  const active = new Set(found.map((row) => row.id));
  const index = ids.findIndex((id) => !active.has(id));
  if (index >= 0) {
    throw badRequest('unknown_resource', 'No active resource has this id', [
      { field: `resource_ids[${index}]`, message: 'is not an active resource' },
    ]);
  }
}

/** The service's resources become exactly `ids` (links to archived resources are dropped too). */
export async function replaceServiceResources(
  trx: Transaction<DB>,
  serviceId: number,
  ids: readonly number[],
): Promise<void> {
  await trx.deleteFrom('service_resources').where('service_id', '=', serviceId).execute();
  if (ids.length === 0) return;
  await trx
    .insertInto('service_resources')
    .values(ids.map((resourceId) => ({ service_id: serviceId, resource_id: resourceId })))
    .execute();
}

/**
 * The active resources of each service, by resource id: one query for any number of
 * services (absent `serviceId`: every service, for a whole list).
 */
export async function resourceIdsByService(executor: Executor, serviceId?: number): Promise<Map<number, number[]>> {
  let query = executor
    .selectFrom('service_resources as sr')
    .innerJoin('resources as r', 'r.id', 'sr.resource_id')
    .select(['sr.service_id', 'sr.resource_id'])
    .where('r.active', '=', 1);
  if (serviceId !== undefined) query = query.where('sr.service_id', '=', serviceId);
  const rows = await query.orderBy('sr.resource_id').execute();
  const result = new Map<number, number[]>();
  for (const row of rows) {
    const ids = result.get(row.service_id);
    if (ids) ids.push(row.resource_id);
    else result.set(row.service_id, [row.resource_id]);
  }
  return result;
}
