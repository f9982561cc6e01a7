import { useMemo, useSyncExternalStore } from 'react';
import type { ListColumn } from '../../ui/ListTable';

/** The width below which the manager's lists lay out for a phone (the clients list's width). */
const NARROW = '(max-width: 40rem)';

function subscribe(changed: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** A list's column; `wide`: left out on a phone, so a row fits without scrolling sideways. */
export type FoldingColumn<T> = ListColumn<T> & { wide?: boolean };

/** The columns to show now: on a phone-narrow window (following a rotated phone), the ones not marked `wide`. */
export function useFoldedColumns<T>(columns: readonly FoldingColumn<T>[]): ListColumn<T>[] {
  const narrow = useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches);
  // The same array while nothing changes: the table redraws its rows when its columns change.
  return useMemo(() => (narrow ? columns.filter((column) => !column.wide) : [...columns]), [narrow, columns]);
}
