import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import type { OperationKey } from './mutation';

/**
 * A record a page reads out of a list (the staff, the services), kept while its own removal is
 * under way. The removal refetches the list before the page navigates away (the map of
 * invalidations runs before the page's onSuccess), so for an instant the list no longer holds
 * the record and the page would say "not found" on its way out. While a mutation `removal` is
 * pending, the last record seen with this id is answered instead.
 */
export function useKeptWhileRemoving<T extends { id: number }>(
  found: T | undefined,
  id: number,
  removal: OperationKey,
): T | undefined {
  const removing = useIsMutating({ mutationKey: [...removal] }) > 0;
  // The last record seen, stored while rendering as React's "previous renders" pattern does.
  const [lastSeen, setLastSeen] = useState(found);
  if (found && found !== lastSeen) setLastSeen(found);
  return found ?? (removing && lastSeen?.id === id ? lastSeen : undefined);
}
