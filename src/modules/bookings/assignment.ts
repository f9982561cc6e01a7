import type { Executor } from '../../db/executor.js';
import { performersOf, processingWindow } from '../services/service.js';

/*
 * What a staff member doing a service means for one booking: its length, price, processing
 * window and resources. performersOf (services module) decides it for every member who
 * performs the service; a member who does not (the desk overrode staff_not_bookable or
 * service_not_performed) books with the service's own duration, price, processing window and
 * resources.
 */

export interface ServiceTerms {
  id: number;
  duration_min: number;
  /** Cents. */
  price: number;
  processing_after_min: number;
  processing_min: number;
  active: number;
}

export interface Assignment {
  durationMin: number;
  /** Cents. */
  price: number;
  processing: { startMin: number; endMin: number } | null;
  resourceIds: number[];
  /** The member takes appointments (`users.bookable`). */
  bookable: boolean;
  /** The member performs the service (always true for an archived service: nothing left to judge). */
  performs: boolean;
}

export async function assignmentOf(executor: Executor, service: ServiceTerms, staffId: number): Promise<Assignment> {
  const performance = (await performersOf(executor, { serviceIds: [service.id], staffIds: [staffId] }))
    .get(service.id)
    ?.get(staffId);
  if (performance) {
    return {
      durationMin: performance.durationMin,
      price: performance.price,
      processing: performance.processing,
      resourceIds: performance.resourceIds,
      bookable: true,
      performs: true,
    };
  }
  const [member, resources] = await Promise.all([
    executor.selectFrom('users').select('bookable').where('id', '=', staffId).executeTakeFirst(),
    executor
      .selectFrom('service_resources as sr')
      .innerJoin('resources as r', 'r.id', 'sr.resource_id')
      .select('sr.resource_id')
      .where('sr.service_id', '=', service.id)
      .where('r.active', '=', 1)
      .orderBy('sr.resource_id')
      .execute(),
  ]);
  const bookable = member?.bookable === 1;
  return {
    durationMin: service.duration_min,
    price: service.price,
    processing: processingWindow(service.duration_min, service.processing_after_min, service.processing_min),
    resourceIds: resources.map((row) => row.resource_id),
    bookable,
    // performersOf leaves out a member who is not bookable whatever they perform: that rule is
    // named alone. An archived service keeps its existing bookings without a verdict on them.
    performs: !bookable || service.active !== 1,
  };
}
