import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  historyMode,
  listUpdate,
  readParams,
  writeParams,
  type Param,
  type Schema,
  type Values,
} from './search-params';

/**
 * A page's state kept in its address by a schema (lib/search-params.ts): the values as the
 * address has them, and `set`, which writes a change, adding a history entry or replacing the
 * current one by the schema's rules. Pass a schema made once (a module constant), not one made
 * anew on each render.
 */
export function useSearchParams<S extends Schema>(
  schema: S,
): [Values<S>, (update: Partial<Values<S>>, options?: { replace?: boolean }) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const values = useMemo(() => readParams(schema, search), [schema, search]);
  const set = useCallback(
    (update: Partial<Values<S>>, options: { replace?: boolean } = {}) => {
      // The address now, not the one of the last render: two changes in one event both count.
      const { pathname, search: current } = window.location;
      const before = readParams(schema, current);
      const after = { ...before, ...update };
      const next = writeParams(schema, current, after);
      if (next === current) return;
      navigate(`${pathname}${next}`, {
        replace: options.replace === true || historyMode(schema, before, after) === 'replace',
      });
    },
    [schema, navigate],
  );
  return [values, set];
}

/**
 * A list's state in the address (`listSchema`): as useSearchParams, except that a change of
 * anything but the page (a sort, a filter, the page size) starts again at page 1.
 */
export function useListParams<S extends Schema & { page: Param<number> }>(
  schema: S,
): [Values<S>, (update: Partial<Values<S>>) => void] {
  const [values, set] = useSearchParams(schema);
  const change = useCallback((update: Partial<Values<S>>) => set(listUpdate(update)), [set]);
  return [values, change];
}
