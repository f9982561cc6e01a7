import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { lockRows } from '../../db/locks.js';
import type { DB } from '../../db/types.js';
import { toFlag } from '../../http/schemas.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { fromCents, toCents } from '../../lib/money.js';
import { nowIso } from '../../lib/time.js';
import { performersOf } from '../services/service.js';
import type { StaffServicesInput, StaffServicesOutput } from './schemas.js';

/*
 * Which services one staff member performs, with their own duration and price. The effective
 * values come from performersOf, the one place that decides who does what; this file only
 * administers the rows it reads (`users.all_services`, `staff_services`).
 */

/**
 * The services the member performs, in the order of the service list. Shown also for a
 * member who is deactivated or not bookable: what they would perform once they take
 * appointments.
 */
async function readStaffServices(executor: Executor, staffId: number): Promise<StaffServicesOutput> {
  const member = await executor
    .selectFrom('users')
    .select(['id', 'all_services'])
    .where('id', '=', staffId)
    .executeTakeFirst();
  if (!member) throw notFound('Staff member');
  const [services, own] = await Promise.all([
    executor
      .selectFrom('services')
      .select(['id', 'name'])
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute(),
    executor
      .selectFrom('staff_services')
      .select(['service_id', 'duration_min', 'price'])
      .where('staff_id', '=', staffId)
      .execute(),
  ]);
  const performers = await performersOf(executor, {
    serviceIds: services.map((service) => service.id),
    staffIds: [staffId],
    anyMember: true,
  });
  const ownOf = new Map(own.map((row) => [row.service_id, row]));
  const performed: StaffServicesOutput['services'] = [];
  for (const service of services) {
    const performance = performers.get(service.id)?.get(staffId);
    if (!performance) continue;
    const row = ownOf.get(service.id);
    performed.push({
      service_id: service.id,
      service_name: service.name,
      duration_min: performance.durationMin,
      price: fromCents(performance.price),
      own_duration_min: row?.duration_min ?? null,
      own_price: row?.price === null || row?.price === undefined ? null : fromCents(row.price),
    });
  }
  return { staff_id: staffId, all_services: member.all_services === 1 ? 1 : 0, services: performed };
}

export function getStaffServices(db: Kysely<DB>, staffId: number): Promise<StaffServicesOutput> {
  return readStaffServices(db, staffId);
}

/**
 * Replaces every `staff_services` row of the member in one transaction, and `all_services`
 * when given. Each listed service must be active (400 `unknown_service`) and listed once.
 * On PostgreSQL the member's row is locked first (the order every write of this module
 * takes), and the services are held with FOR KEY SHARE so none is deleted before commit.
 */
export async function replaceStaffServices(
  ctx: AppContext,
  staffId: number,
  input: StaffServicesInput,
): Promise<StaffServicesOutput> {
  const seen = new Map<number, number>();
  input.services.forEach((entry, index) => {
    if (seen.has(entry.service_id)) {
      throw badRequest('validation_failed', `Invalid input: services[${index}].service_id is listed twice`, [
        {
          field: `services[${index}].service_id`,
          message: `is listed twice (also services[${seen.get(entry.service_id)}])`,
        },
      ]);
    }
    seen.set(entry.service_id, index);
  });

  return ctx.db.transaction().execute(async (trx) => {
    const member = await lockRows(
      trx.selectFrom('users').select(['id', 'all_services']).where('id', '=', staffId),
      ctx.dialect,
      'no key update',
    ).executeTakeFirst();
    if (!member) throw notFound('Staff member');

    const ids = [...seen.keys()];
    if (ids.length > 0) {
      const found = await lockRows(
        trx.selectFrom('services').select('id').where('id', 'in', ids).where('active', '=', 1),
        ctx.dialect,
        'key share',
      ).execute();
      const active = new Set(found.map((row) => row.id));
      const unknown = input.services.findIndex((entry) => !active.has(entry.service_id));
      if (unknown >= 0) {
        throw badRequest('unknown_service', 'No active service has this id', [
          { field: `services[${unknown}].service_id`, message: 'is not an active service' },
        ]);
      }
    }

    await trx.deleteFrom('staff_services').where('staff_id', '=', staffId).execute();
    if (input.services.length > 0) {
      const now = nowIso();
      await trx
        .insertInto('staff_services')
        .values(
          input.services.map((entry) => ({
            staff_id: staffId,
            service_id: entry.service_id,
            duration_min: entry.duration_min ?? null,
            price: entry.price === undefined || entry.price === null ? null : toCents(entry.price),
            created_at: now,
          })),
        )
        .execute();
    }
    if (input.all_services !== undefined && toFlag(input.all_services) !== member.all_services) {
      await trx
        .updateTable('users')
        .set({ all_services: toFlag(input.all_services), updated_at: nowIso() })
        .where('id', '=', staffId)
        .execute();
    }
    return readStaffServices(trx, staffId);
  });
}
