import { useState } from 'react';
import { api } from '../../../api/client';
import { useChange } from '../../../api/mutation';
import type { Ordered } from './OrderedList';

/**
 * Writes a new order as each row's `position` (its index), only for the rows whose position
 * changes, one request after the other; meanwhile the list shows the new order. Positions are
 * made 0, 1, 2 … so two rows of the same position (every service starts at 0) get their own.
 */
export function useReorder<T extends Ordered>(kind: 'services' | 'categories', items: readonly T[] | undefined) {
  const [pending, setPending] = useState<number[] | null>(null);
  const write = useChange<void, number[]>(
    kind === 'services' ? ['put', '/api/services/{id}'] : ['put', '/api/services/categories/{id}'],
    {
      mutationFn: async (ids) => {
        const positions = new Map((items ?? []).map((item) => [item.id, item.position]));
        for (const [index, id] of ids.entries()) {
          if (positions.get(id) === index) continue;
          const init = { params: { path: { id } }, body: { position: index } };
          if (kind === 'services') await api.PUT('/api/services/{id}', init);
          else await api.PUT('/api/services/categories/{id}', init);
        }
      },
      onSettled: () => setPending(null),
    },
  );
  const shown =
    pending && items
      ? pending.map((id) => items.find((item) => item.id === id)).filter((item): item is T => item !== undefined)
      : items;
  const reorder = (ids: number[]) => {
    setPending(ids);
    write.mutate(ids);
  };
  return { shown, reorder, write };
}
