import { useQueries } from '@tanstack/react-query';
import { $api, type Schemas } from '../../api/client';

type PublicStaff = Schemas['PublicStaffMember'];

/** The members who perform every one of the services; undefined while they load. */
export function useStaffMembers(serviceIds: readonly number[]): PublicStaff[] | undefined {
  const lists = useQueries({
    queries: serviceIds.map((id) =>
      $api.queryOptions('get', '/api/public/staff', { params: { query: { service_id: id } } }),
    ),
  });
  if (lists.some((list) => list.isPending)) return undefined;
  const [first = [], ...others] = lists.map((list) => list.data ?? []);
  return first.filter((member) => others.every((list) => list.some((other) => other.id === member.id)));
}
