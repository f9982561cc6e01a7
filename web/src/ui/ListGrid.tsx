import {
  memo,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Key, Selection } from 'react-aria-components';
import { useT } from '../i18n/i18n';
import type { Sort } from '../lib/search-params';
import { isGridKey, moveFocus, typeAheadRow, type GridPosition } from './grid-keys';
import { SelectionBox } from './SelectionBox';

export interface ListColumn<T> {
  id: string;
  name: string;
  /** The cell that names the row (a client's name): a screen reader reads it with each of the row's cells. */
  isRowHeader?: boolean;
  allowsSorting?: boolean;
  cell: (row: T) => ReactNode;
}

export const ROW_HEIGHT = 44;
/** Rows drawn beyond the box's edges, so a scroll of a step shows rows already there. */
const OVERSCAN = 4;
/** How long typed letters add up to one search for a row (type-ahead), as React Aria's collections wait. */
const TYPE_AHEAD_MS = 1000;
/** The rows a page key moves in a table that is not virtualised (its rows are in the page's own scroll). */
const PAGE_ROWS = 10;

export interface ListGridProps<T> {
  label: string;
  columns: readonly ListColumn<T>[];
  rowKey: (row: T) => Key;
  rows: readonly T[];
  /** Null: nothing said when there are no rows (a page past the end says so below the table). */
  emptyText: string | null;
  sortColumn: string;
  sortDirection: Sort['direction'];
  onSortChange: (sort: Sort) => void;
  selectionMode: 'none' | 'single' | 'multiple';
  selectedKeys: Selection | undefined;
  onSelectionChange: ((keys: Selection) => void) | undefined;
  onRowAction: ((key: Key) => void) | undefined;
  virtualized: boolean;
}

/** The row and cell of an element in the grid (a cell's own element or anything inside it). */
function positionOf(target: EventTarget): GridPosition | null {
  if (!(target instanceof Element)) return null;
  const row = target.closest<HTMLElement>('[data-row]');
  if (!row) return null;
  const cell = target.closest<HTMLElement>('[data-col]');
  return { row: Number(row.dataset.row), col: cell && row.contains(cell) ? Number(cell.dataset.col) : -1 };
}

/** The element that takes the focus at a place: a cell's checkbox, or the cell, or the row. */
function elementAt(grid: HTMLElement, at: GridPosition): HTMLElement | null {
  const row = grid.querySelector<HTMLElement>(`[data-row="${at.row}"]`);
  if (!row || at.col < 0) return row;
  const cell = row.querySelector<HTMLElement>(`[data-col="${at.col}"]`);
  return cell?.querySelector<HTMLElement>('input') ?? cell;
}

/**
 * The back office's list as an ARIA grid of plain cells (ListTable.tsx around it): one
 * keyboard handler, one click handler and one focus handler on the table for all its cells,
 * and a row that renders again only when its object, its selection or its focus changed. The
 * focus moves as in React Aria's table (grid-keys.ts): Tab reaches the grid once (the row or
 * cell last focused), arrow keys move between rows, cells and the header; Enter opens a row or
 * sorts by a column; Space selects. Virtualised, only the rows in view (and the focused one)
 * are in the document, between two spacers, and `aria-rowcount` says how many there are.
 *
 * Why not React Aria's `Table`: each of its cells runs a dozen hooks (press, long press,
 * hover, focus ring, selection), its collection is built for every row of the page before the
 * rows in view render, and it renders every cell in view again when the pointer or keyboard
 * takes over: typing a search on the products list had tasks of 114–197 ms of CPU, now 18–41
 * ms (scripts/stock-speed.ts, bench/README.md).
 */
export const ListGrid = memo(function ListGrid<T>(props: ListGridProps<T>) {
  const t = useT();
  const { columns, rows, rowKey, virtualized, selectionMode } = props;
  const multiple = selectionMode === 'multiple';
  const selectable = selectionMode !== 'none';
  const colCount = columns.length + (multiple ? 1 : 0);
  const firstColumn = multiple ? 1 : 0;
  const id = useId();

  const [ownSelection, setOwnSelection] = useState<Selection>(() => new Set<Key>());
  const selection = props.selectedKeys ?? ownSelection;
  const isSelected = (key: Key) => selection === 'all' || selection.has(key);
  const selectedOnPage = selection === 'all' ? rows.length : rows.filter((row) => selection.has(rowKey(row))).length;
  const allSelected = rows.length > 0 && selectedOnPage === rows.length;
  const anySelected = selection === 'all' || selection.size > 0;

  const [focus, setFocus] = useState<GridPosition>({ row: 1, col: -1 });
  const [focusWithin, setFocusWithin] = useState(false);
  const [view, setView] = useState({ top: 0, height: 16 * ROW_HEIGHT });
  const scrollRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const focusPending = useRef(false);
  const typed = useRef({ text: '', at: 0 });

  // The rows drawn: all, or those in the box's view and the one with the focus.
  let first = 0;
  let last = rows.length;
  if (virtualized) {
    first = Math.max(0, Math.floor((view.top - ROW_HEIGHT) / ROW_HEIGHT) - OVERSCAN);
    last = Math.min(rows.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
    if (focusWithin && focus.row > 0 && focus.row <= rows.length) {
      first = Math.min(first, focus.row - 1);
      last = Math.max(last, focus.row);
    }
  }
  // The one place Tab reaches: the focus's, or (virtualised away, or gone) the first row drawn, or the header.
  const focusDrawn = focus.row === 0 ? true : focus.row > first && focus.row <= last;
  const tabStop: GridPosition =
    focusDrawn && focus.row <= rows.length ? focus : rows.length > 0 ? { row: first + 1, col: -1 } : { row: 0, col: 0 };

  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const measure = () => setView({ top: box.scrollTop, height: box.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [virtualized]);

  // A key moved the focus: the place is drawn now, so the element takes it.
  useLayoutEffect(() => {
    if (!focusPending.current || !gridRef.current) return;
    focusPending.current = false;
    elementAt(gridRef.current, focus)?.focus({ preventScroll: virtualized });
  });

  const moveTo = (at: GridPosition) => {
    const box = scrollRef.current;
    if (box && at.row > 0) {
      // The row's place in the box, under the header row.
      const top = at.row * ROW_HEIGHT;
      if (top - ROW_HEIGHT < box.scrollTop) box.scrollTop = top - ROW_HEIGHT;
      else if (top + ROW_HEIGHT > box.scrollTop + box.clientHeight) box.scrollTop = top + ROW_HEIGHT - box.clientHeight;
      setView({ top: box.scrollTop, height: box.clientHeight });
    }
    focusPending.current = true;
    setFocus(at);
  };

  const changeSelection = (next: Selection) => {
    setOwnSelection(next);
    props.onSelectionChange?.(next);
  };
  const toggleRow = (key: Key) => {
    if (selectionMode === 'single') return changeSelection(isSelected(key) ? new Set() : new Set([key]));
    const next = new Set(selection === 'all' ? rows.map(rowKey) : selection);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    changeSelection(next);
  };
  // The rows get one function for all their renders (memo), which calls this render's.
  const latestToggle = useRef(toggleRow);
  useLayoutEffect(() => {
    latestToggle.current = toggleRow;
  });
  const onToggle = useCallback((key: Key) => latestToggle.current(key), []);
  const toggleAll = () => changeSelection(allSelected ? new Set() : 'all');
  const sortBy = (column: ListColumn<T>) =>
    props.onSortChange({
      column: column.id,
      direction: props.sortColumn === column.id && props.sortDirection === 'ascending' ? 'descending' : 'ascending',
    });
  const rowAt = (at: GridPosition) => rows[at.row - 1];

  /** Enter, or a press: a header sorts, a row opens (or, while rows are selected, is selected). */
  const activate = (at: GridPosition, pressed: boolean) => {
    if (at.row === 0) {
      const column = columns[at.col - firstColumn];
      if (column?.allowsSorting) sortBy(column);
      return;
    }
    const row = rowAt(at);
    if (row === undefined) return;
    const key = rowKey(row);
    if (props.onRowAction && !(pressed && multiple && anySelected)) props.onRowAction(key);
    else if (selectable) toggleRow(key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const at = positionOf(event.target);
    if (!at) return;
    const onCheckbox = event.target instanceof HTMLInputElement;
    if (isGridKey(event.key)) {
      const pageRows = virtualized ? Math.max(1, Math.floor(view.height / ROW_HEIGHT) - 1) : PAGE_ROWS;
      const next = moveFocus(
        at,
        event.key,
        { rows: rows.length, cols: colCount, pageRows },
        event.ctrlKey || event.metaKey,
      );
      event.preventDefault();
      if (next) moveTo(next);
    } else if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Type-ahead: letters typed in a row go to the next row whose name starts with them.
      const now = event.timeStamp;
      const text = (now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text : '') + event.key;
      typed.current = { text, at: now };
      const header = columns.find((column) => column.isRowHeader);
      if (!header || rows.length === 0) return;
      const names = rows.map((row) => {
        const name = header.cell(row);
        return typeof name === 'string' || typeof name === 'number' ? String(name) : '';
      });
      const found = typeAheadRow(names, Math.max(at.row, 1) + (text.length === 1 ? 1 : 0), text);
      event.preventDefault();
      if (found !== null) moveTo({ row: found, col: at.col });
    } else if (event.key === 'Enter' && !onCheckbox) {
      event.preventDefault();
      activate(at, false);
    } else if (event.key === ' ' && !onCheckbox && selectable) {
      event.preventDefault();
      if (at.row > 0) {
        const row = rowAt(at);
        if (row !== undefined) toggleRow(rowKey(row));
      } else if (multiple && at.col === 0) toggleAll();
    }
  };

  const onClick = (event: MouseEvent<HTMLTableElement>) => {
    // A checkbox answers its own click (its label's click reaches the box too).
    if (event.target instanceof Element && event.target.closest('.checkbox')) return;
    const at = positionOf(event.target);
    if (at) activate(at, true);
  };

  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const at = positionOf(event.target);
    if (at) setFocus((now) => (now.row === at.row && now.col === at.col ? now : at));
    setFocusWithin(true);
  };
  const onBlur = (event: FocusEvent<HTMLTableElement>) => {
    if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) {
      setFocusWithin(false);
    }
  };

  const onScroll = useCallback(() => {
    const box = scrollRef.current;
    if (box) setView({ top: box.scrollTop, height: box.clientHeight });
  }, []);

  const rowHeaderId = (index: number) => `${id}-${index}`;
  // The sort, said when the grid is reached (each header's `aria-sort` says it too).
  const sortedBy = columns.find((column) => column.allowsSorting && column.id === props.sortColumn);
  const sortDescription = sortedBy && (
    <span id={`${id}-sort`} className="visually-hidden">
      {t('list.sortedBy', { column: sortedBy.name, direction: props.sortDirection })}
    </span>
  );
  const drawn = rows.slice(first, last);
  const table = (
    <table
      ref={gridRef}
      role="grid"
      className="list-table list-grid"
      aria-label={props.label}
      aria-rowcount={virtualized ? rows.length + 1 : undefined}
      aria-colcount={colCount}
      aria-multiselectable={multiple || undefined}
      aria-describedby={sortedBy ? `${id}-sort` : undefined}
      data-virtualized={virtualized || undefined}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <thead>
        <tr role="row" aria-rowindex={1} data-row={0}>
          {multiple && (
            <th role="columnheader" className="list-select" data-col={0}>
              <SelectionBox
                checked={allSelected}
                mixed={!allSelected && selectedOnPage > 0}
                label={t('list.selectAll')}
                tabStop={tabStop.row === 0 && tabStop.col === 0}
                onChange={toggleAll}
              />
            </th>
          )}
          {columns.map((column, index) => {
            const col = index + firstColumn;
            const direction = props.sortColumn === column.id ? props.sortDirection : undefined;
            return (
              <th
                key={column.id}
                role="columnheader"
                data-col={col}
                tabIndex={tabStop.row === 0 && tabStop.col === col ? 0 : -1}
                aria-sort={column.allowsSorting ? (direction ?? 'none') : undefined}
                data-allows-sorting={column.allowsSorting || undefined}
              >
                <span className="list-column">
                  {column.name}
                  {column.allowsSorting && (
                    <span aria-hidden="true" className="list-sort" data-direction={direction ?? 'none'}>
                      {direction === 'descending' ? '▼' : direction === 'ascending' ? '▲' : '↕'}
                    </span>
                  )}
                </span>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {first > 0 && <tr aria-hidden="true" className="list-spacer" style={{ height: first * ROW_HEIGHT }} />}
        {drawn.map((row, offset) => {
          const index = first + offset + 1;
          const key = rowKey(row);
          return (
            <GridRow<T>
              key={key}
              row={row}
              index={index}
              columns={columns}
              multiple={multiple}
              selected={selectable ? isSelected(key) : undefined}
              hasAction={props.onRowAction !== undefined}
              headerId={rowHeaderId(index)}
              tabStop={tabStop.row === index ? tabStop.col : null}
              selectLabel={t('list.select')}
              onToggle={onToggle}
              rowKey={key}
            />
          );
        })}
        {last < rows.length && (
          <tr aria-hidden="true" className="list-spacer" style={{ height: (rows.length - last) * ROW_HEIGHT }} />
        )}
        {rows.length === 0 && props.emptyText !== null && (
          <tr role="row">
            <td role="gridcell" colSpan={colCount}>
              <p className="list-empty">{props.emptyText}</p>
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
  return virtualized ? (
    <div ref={scrollRef} className="list-scroll" data-virtualized onScroll={onScroll}>
      {sortDescription}
      {table}
    </div>
  ) : (
    <>
      {sortDescription}
      {table}
    </>
  );
}) as <T>(props: ListGridProps<T>) => ReactNode;

interface GridRowProps<T> {
  row: T;
  rowKey: Key;
  /** The row's place: 1 for the first row (the header row is 0); its `aria-rowindex` is one more. */
  index: number;
  columns: readonly ListColumn<T>[];
  multiple: boolean;
  /** Undefined: rows are not selected in this list. */
  selected: boolean | undefined;
  hasAction: boolean;
  headerId: string;
  /** The column Tab reaches in this row (−1: the row itself), or null when it is elsewhere. */
  tabStop: number | null;
  selectLabel: string;
  onToggle: (key: Key) => void;
}

/**
 * One row, rendered again only when one of its props changes (memo): its object, its
 * selection, or the focus coming or going. Its cells are the caller's `cell` functions.
 */
const GridRow = memo(function GridRow<T>(props: GridRowProps<T>) {
  const { row, columns, tabStop, index } = props;
  const first = props.multiple ? 1 : 0;
  const headerIds = columns.filter((column) => column.isRowHeader).map((column) => `${props.headerId}-${column.id}`);
  return (
    <tr
      role="row"
      aria-rowindex={index + 1}
      aria-selected={props.selected}
      aria-labelledby={headerIds.length > 0 ? headerIds.join(' ') : undefined}
      data-row={index}
      data-selected={props.selected || undefined}
      data-has-action={props.hasAction || undefined}
      tabIndex={tabStop === -1 ? 0 : -1}
    >
      {props.multiple && (
        <td role="gridcell" className="list-select" data-col={0}>
          <SelectionBox
            checked={props.selected === true}
            label={props.selectLabel}
            labelledBy={headerIds.join(' ')}
            tabStop={tabStop === 0}
            onChange={() => props.onToggle(props.rowKey)}
          />
        </td>
      )}
      {columns.map((column, at) => {
        const col = at + first;
        const tabIndex = tabStop === col ? 0 : -1;
        return column.isRowHeader ? (
          <th
            key={column.id}
            role="rowheader"
            scope="row"
            id={`${props.headerId}-${column.id}`}
            data-col={col}
            tabIndex={tabIndex}
          >
            {column.cell(row)}
          </th>
        ) : (
          <td key={column.id} role="gridcell" data-col={col} tabIndex={tabIndex}>
            {column.cell(row)}
          </td>
        );
      })}
    </tr>
  );
}) as <T>(props: GridRowProps<T>) => ReactNode;
