import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { moveFocus, typeAheadRow, type GridPosition } from '../src/ui/grid-keys.js';

/** A list of 50 rows with a selection column and three columns, 12 rows in view. */
const SHAPE = { rows: 50, cols: 4, pageRows: 12 };
const ROW: GridPosition = { row: 5, col: -1 };
const CELL: GridPosition = { row: 5, col: 2 };

describe('the list grid’s keys (ui/grid-keys.ts)', () => {
  it('up and down keep the column, and a focused row stays a row', () => {
    assert.deepEqual(moveFocus(CELL, 'ArrowDown', SHAPE, false), { row: 6, col: 2 });
    assert.deepEqual(moveFocus(CELL, 'ArrowUp', SHAPE, false), { row: 4, col: 2 });
    assert.deepEqual(moveFocus(ROW, 'ArrowDown', SHAPE, false), { row: 6, col: -1 });
  });

  it('up from the first row reaches the header row, on a cell: the first when a row had the focus', () => {
    assert.deepEqual(moveFocus({ row: 1, col: -1 }, 'ArrowUp', SHAPE, false), { row: 0, col: 0 });
    assert.deepEqual(moveFocus({ row: 1, col: 3 }, 'ArrowUp', SHAPE, false), { row: 0, col: 3 });
    assert.equal(moveFocus({ row: 0, col: 3 }, 'ArrowUp', SHAPE, false), null);
  });

  it('right from a row focuses its first cell, left from its first cell the row; the header row has no row focus', () => {
    assert.deepEqual(moveFocus(ROW, 'ArrowRight', SHAPE, false), { row: 5, col: 0 });
    assert.deepEqual(moveFocus({ row: 5, col: 0 }, 'ArrowLeft', SHAPE, false), ROW);
    assert.equal(moveFocus({ row: 0, col: 0 }, 'ArrowLeft', SHAPE, false), null);
    assert.equal(moveFocus({ row: 5, col: 3 }, 'ArrowRight', SHAPE, false), null);
  });

  it('Home and End go along the row from a cell, to the first or last row from a row or with Control', () => {
    assert.deepEqual(moveFocus(CELL, 'Home', SHAPE, false), { row: 5, col: 0 });
    assert.deepEqual(moveFocus(CELL, 'End', SHAPE, false), { row: 5, col: 3 });
    assert.deepEqual(moveFocus(ROW, 'End', SHAPE, false), { row: 50, col: -1 });
    assert.deepEqual(moveFocus(CELL, 'End', SHAPE, true), { row: 50, col: 2 });
    assert.deepEqual(moveFocus(CELL, 'Home', SHAPE, true), { row: 1, col: 2 });
  });

  it('the page keys move by the rows in view and stop at the first and last row', () => {
    assert.deepEqual(moveFocus(ROW, 'PageDown', SHAPE, false), { row: 17, col: -1 });
    assert.deepEqual(moveFocus({ row: 45, col: -1 }, 'PageDown', SHAPE, false), { row: 50, col: -1 });
    assert.deepEqual(moveFocus(ROW, 'PageUp', SHAPE, false), { row: 1, col: -1 });
  });

  it('a list without rows keeps the focus in its header row', () => {
    const empty = { rows: 0, cols: 3, pageRows: 12 };
    assert.equal(moveFocus({ row: 0, col: 1 }, 'ArrowDown', empty, false), null);
    assert.deepEqual(moveFocus({ row: 0, col: 1 }, 'End', empty, false), { row: 0, col: 2 });
  });
});

describe('the list grid’s type-ahead (ui/grid-keys.ts)', () => {
  const names = ['Ada de Vries', 'Bram Jansen', 'bea Smit', 'Chloé Bakker'];
  it('finds the next row whose name starts with the letters typed, in any case, wrapping round', () => {
    assert.equal(typeAheadRow(names, 1, 'b'), 2);
    assert.equal(typeAheadRow(names, 3, 'B'), 3);
    assert.equal(typeAheadRow(names, 4, 'a'), 1);
    assert.equal(typeAheadRow(names, 1, 'bea'), 3);
    assert.equal(typeAheadRow(names, 1, 'x'), null);
  });
});
