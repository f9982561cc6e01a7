import type { Executor } from '../../db/executor.js';
import { AppError } from '../../lib/errors.js';

/*
 * A service the salon keeps off the booking page (`online_bookable` 0) exists, and the office
 * books it, so the public endpoints answer 409 `not_bookable_online` for it: the state of the
 * record forbids this way of booking it, as the service's other 409s say (a state that
 * forbids the change), rather than 404, which would deny a service the salon does offer.
 * Unknown and archived ids are left to the callers' own 400 `unknown_service`.
 */

export interface ServiceAsked {
  serviceId: number;
  /** The request's field the refusal names: `service_id`, or `parts[i].service_id`. */
  field: string;
}

export async function requireBookableOnline(executor: Executor, asked: readonly ServiceAsked[]): Promise<void> {
  if (asked.length === 0) return;
  const ids = [...new Set(asked.map((part) => part.serviceId))];
  const offline = await executor
    .selectFrom('services')
    .select('id')
    .where('id', 'in', ids)
    .where('active', '=', 1)
    .where('online_bookable', '=', 0)
    .execute();
  if (offline.length === 0) return;
  const refused = new Set(offline.map((row) => row.id));
  throw new AppError(
    409,
    'not_bookable_online',
    'This service is booked through the salon only, not online',
    asked
      .filter((part) => refused.has(part.serviceId))
      .map((part) => ({ field: part.field, message: 'is a service the salon books only in person or by phone' })),
  );
}

/** A visit's parts as asked, each naming its own field. */
export function partsAsked(parts: ReadonlyArray<{ service_id: number }>): ServiceAsked[] {
  return parts.map((part, index) => ({ serviceId: part.service_id, field: `parts[${index}].service_id` }));
}
