/*
 * Where a key moves the focus in the back office's list (ListGrid.tsx): the keys of an ARIA grid
 * whose rows can be focused as a whole, as React Aria's table moves it. A pure function, so the
 * grid's one keyboard handler stays small.
 */

/**
 * A place in the grid: `row` 0 is the header row, 1… the rows; `col` −1 is a row itself (a body
 * row only), 0… its cells (the selection column first when rows are selected).
 */
export interface GridPosition {
  row: number;
  col: number;
}

export interface GridShape {
  /** The body's rows (the header row not counted). */
  rows: number;
  cols: number;
  /** How many rows a page key moves: the rows in view. */
  pageRows: number;
}

export type GridKey = 'ArrowDown' | 'ArrowUp' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End' | 'PageUp' | 'PageDown';

const KEYS = new Set<string>(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

export function isGridKey(key: string): key is GridKey {
  return KEYS.has(key);
}

/** The header row has no focus of its own: on it, the focus is on a cell (the first when it came from a row). */
function inRow(row: number, col: number): GridPosition {
  return { row, col: row === 0 && col < 0 ? 0 : col };
}

/**
 * Where `key` moves the focus from `at` (null: it stays). Up and down keep the column (a row
 * focused stays a row); left from a row's first cell focuses the row, right from the row its
 * first cell; Home and End go to the row's first or last cell, or with Control (or from a
 * focused row) to the first or last row; the page keys move by the rows in view.
 */
export function moveFocus(at: GridPosition, key: GridKey, shape: GridShape, control: boolean): GridPosition | null {
  const lastRow = shape.rows;
  const lastCol = shape.cols - 1;
  const firstCol = at.row === 0 ? 0 : -1;
  let next: GridPosition;
  switch (key) {
    case 'ArrowDown':
      next = { row: Math.min(at.row + 1, lastRow), col: at.col };
      break;
    case 'ArrowUp':
      next = inRow(Math.max(at.row - 1, 0), at.col);
      break;
    case 'ArrowRight':
      next = { row: at.row, col: Math.min(at.col + 1, lastCol) };
      break;
    case 'ArrowLeft':
      next = { row: at.row, col: Math.max(at.col - 1, firstCol) };
      break;
    case 'Home':
      next = control || at.col < 0 ? inRow(Math.min(1, lastRow), at.col) : { row: at.row, col: 0 };
      break;
    case 'End':
      next = control || at.col < 0 ? { row: lastRow, col: at.col } : { row: at.row, col: lastCol };
      break;
    case 'PageDown':
      next = { row: Math.min(at.row + shape.pageRows, lastRow), col: at.col };
      break;
    case 'PageUp':
      next = inRow(Math.max(at.row - shape.pageRows, Math.min(1, lastRow)), at.col);
      break;
  }
  return next.row === at.row && next.col === at.col ? null : next;
}

/**
 * The row type-ahead finds (1…, or null): the first row from `from` on (wrapping round) whose
 * name starts with what was typed, in any case (a first letter starts from the row after the
 * focused one, so typing it again goes on to the next such row).
 */
export function typeAheadRow(names: readonly string[], from: number, typed: string): number | null {
  const search = typed.toLocaleLowerCase();
  for (let step = 0; step < names.length; step++) {
    const index = (from - 1 + step) % names.length;
    if (names[index]!.toLocaleLowerCase().startsWith(search)) return index + 1;
  }
  return null;
}
