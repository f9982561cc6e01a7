import type { Executor } from '../../db/executor.js';

/*
 * Who performs which service, how long it takes them and what it costs with them: the one
 * place that decides it, for availability, the desk, visits and the lists.
 *
 *  - Only active, bookable staff members perform anything (an owner or a receptionist is
 *    marked `bookable = 0`).
 *  - A member with `all_services = 1` (every member until the salon says otherwise) performs
 *    every active service; with `all_services = 0`, only the services listed for them in
 *    `staff_services`.
 *  - A `staff_services` row may give the member their own duration and price; null keeps the
 *    service's.
 *
 * Processing time: a service's work may be interrupted once, `processing_after_min` minutes
 * in, by `processing_min` minutes in which the client waits and the staff member is free.
 * The window is kept inside the member's duration (a shorter own duration cuts it).
 */

export interface Performance {
  staffId: number;
  serviceId: number;
  /** The member's duration of the service, in minutes. */
  durationMin: number;
  /** The member's price of the service, in cents. */
  price: number;
  /** Minutes from the start; null when the staff member is busy throughout. */
  processing: { startMin: number; endMin: number } | null;
  /** Resources (rooms, equipment) the service holds for its whole duration. */
  resourceIds: number[];
}

/** The processing window of a service of `durationMin` minutes, or null when it has none. */
export function processingWindow(
  durationMin: number,
  processingAfterMin: number,
  processingMin: number,
): { startMin: number; endMin: number } | null {
  if (processingMin <= 0 || processingAfterMin <= 0 || processingAfterMin >= durationMin) return null;
  return { startMin: processingAfterMin, endMin: Math.min(durationMin, processingAfterMin + processingMin) };
}

export interface PerformerQuery {
  serviceIds: readonly number[];
  /** Only these members; absent: every active bookable member. */
  staffIds?: readonly number[] | undefined;
  /**
   * Also members who are deactivated or not bookable: what they would perform, for the
   * administration of who does what (a new stylist is set up before taking appointments).
   */
  anyMember?: boolean | undefined;
}

/**
 * For each requested active service, the members who perform it, keyed by staff id, in three
 * indexed queries whatever the number of staff and services. A service that is archived or
 * unknown is absent from the result; one nobody performs maps to an empty map.
 */
export async function performersOf(
  executor: Executor,
  query: PerformerQuery,
): Promise<Map<number, Map<number, Performance>>> {
  const result = new Map<number, Map<number, Performance>>();
  const serviceIds = [...new Set(query.serviceIds)];
  if (serviceIds.length === 0) return result;
  const staffIds = query.staffIds === undefined ? undefined : [...new Set(query.staffIds)];
  if (staffIds !== undefined && staffIds.length === 0) {
    const services = await executor
      .selectFrom('services')
      .select('id')
      .where('id', 'in', serviceIds)
      .where('active', '=', 1)
      .execute();
    for (const service of services) result.set(service.id, new Map());
    return result;
  }

  let staffQuery = executor.selectFrom('users').select(['id', 'all_services']);
  if (query.anyMember !== true) staffQuery = staffQuery.where('active', '=', 1).where('bookable', '=', 1);
  if (staffIds !== undefined) staffQuery = staffQuery.where('id', 'in', staffIds);
  let ownQuery = executor
    .selectFrom('staff_services')
    .select(['staff_id', 'service_id', 'duration_min', 'price'])
    .where('service_id', 'in', serviceIds);
  if (staffIds !== undefined) ownQuery = ownQuery.where('staff_id', 'in', staffIds);

  const [services, staff, own, resources] = await Promise.all([
    executor
      .selectFrom('services')
      .select(['id', 'duration_min', 'price', 'processing_after_min', 'processing_min'])
      .where('id', 'in', serviceIds)
      .where('active', '=', 1)
      .execute(),
    staffQuery.orderBy('id').execute(),
    ownQuery.execute(),
    executor
      .selectFrom('service_resources as sr')
      .innerJoin('resources as r', 'r.id', 'sr.resource_id')
      .select(['sr.service_id', 'sr.resource_id'])
      .where('sr.service_id', 'in', serviceIds)
      .where('r.active', '=', 1)
      .orderBy('sr.resource_id')
      .execute(),
  ]);

  const ownOf = new Map(own.map((row) => [`${row.staff_id}:${row.service_id}`, row]));
  for (const service of services) {
    const resourceIds = resources.filter((row) => row.service_id === service.id).map((row) => row.resource_id);
    const performers = new Map<number, Performance>();
    for (const member of staff) {
      const row = ownOf.get(`${member.id}:${service.id}`);
      if (member.all_services !== 1 && row === undefined) continue;
      const durationMin = row?.duration_min ?? service.duration_min;
      performers.set(member.id, {
        staffId: member.id,
        serviceId: service.id,
        durationMin,
        price: row?.price ?? service.price,
        processing: processingWindow(durationMin, service.processing_after_min, service.processing_min),
        resourceIds,
      });
    }
    result.set(service.id, performers);
  }
  return result;
}
