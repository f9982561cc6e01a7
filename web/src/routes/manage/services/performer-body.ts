import type { Schemas } from '../../../api/client';

type StaffServices = Schemas['StaffServices'];

/** What the manager says of one member and one service. */
export interface Performance {
  performs: boolean;
  /** The member's own price and duration; null: the service's. */
  price: number | null;
  durationMin: number | null;
}

/** The member's row of a service in their list, or undefined when they do not perform it. */
export function rowOf(list: StaffServices, serviceId: number) {
  return list.services.find((row) => row.service_id === serviceId);
}

/**
 * The body of `PUT /staff/staff/:id/services` that changes only this service for the member,
 * since that request replaces everything of theirs at once:
 *
 *  - a member who performs every service (`all_services` 1) keeps their own rows (the services
 *    with an own price or duration); to stop performing this one they become a member of a list
 *    (`all_services` 0) of every other service they perform;
 *  - a member of a list keeps it, with this service added, changed or left out.
 */
export function performersBody(list: StaffServices, serviceId: number, wanted: Performance) {
  const ownRow = (row: StaffServices['services'][number]) => ({
    service_id: row.service_id,
    duration_min: row.own_duration_min,
    price: row.own_price,
  });
  const others = list.services.filter((row) => row.service_id !== serviceId);
  const thisOne = { service_id: serviceId, duration_min: wanted.durationMin, price: wanted.price };
  if (list.all_services === 1) {
    if (!wanted.performs) return { all_services: false, services: others.map(ownRow) };
    const own = others.filter((row) => row.own_duration_min !== null || row.own_price !== null).map(ownRow);
    const needsRow = wanted.durationMin !== null || wanted.price !== null;
    return { services: needsRow ? [...own, thisOne] : own };
  }
  return { services: wanted.performs ? [...others.map(ownRow), thisOne] : others.map(ownRow) };
}
