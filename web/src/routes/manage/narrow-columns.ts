// The phone-narrow test the clients list uses, so every back-office list folds at the same width.
import { useNarrow } from '../clients/narrow';
import { useMemo } from 'react';
import type { ListColumn } from '../../ui/ListTable';

/** A list's column; `wide`: left out on a phone, so a row fits without scrolling sideways. */
export type FoldingColumn<T> = ListColumn<T> & { wide?: boolean };

/** The columns to show now: on a phone-narrow window, the ones not marked `wide`. */
export function useFoldedColumns<T>(columns: readonly FoldingColumn<T>[]): ListColumn<T>[] {
  const narrow = useNarrow();
  // The same array while nothing changes: the table redraws its rows when its columns change.
  return useMemo(() => (narrow ? columns.filter((column) => !column.wide) : [...columns]), [narrow, columns]);
}
