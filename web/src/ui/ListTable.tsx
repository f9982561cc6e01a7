import { memo, useCallback, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import {
  Cell,
  Collection,
  Column,
  Row,
  Table,
  TableBody,
  TableHeader,
  TableLayout,
  Virtualizer,
  type Key,
  type Selection,
  type SortDescriptor,
} from 'react-aria-components';
import { useT } from '../i18n/i18n';
import type { Sort } from '../lib/search-params';
import { Button } from './Button';
import { Checkbox } from './Checkbox';
import { LoadError, Loading } from './PageStates';
import { pageCount, Pagination } from './Pagination';
import './list-table.css';

export interface ListColumn<T> {
  id: string;
  name: string;
  /** The cell that names the row (a client's name): a screen reader reads it with each of the row's cells. */
  isRowHeader?: boolean;
  allowsSorting?: boolean;
  cell: (row: T) => ReactNode;
}

export interface ListTableProps<T> {
  /** The table's accessible name ("Clients"). */
  label: string;
  columns: readonly ListColumn<T>[];
  rowKey: (row: T) => Key;
  /** The loading state of the page's rows; `rows` and `total` count once it is `success`. */
  status: 'pending' | 'error' | 'success';
  rows: readonly T[];
  total: number;
  /** A newer page is being fetched while the rows shown are the previous one's. */
  isRefreshing?: boolean;
  onRetry: () => void;
  /** What the list says when it has no rows at all ("No clients match “jan”."). */
  emptyText: string;
  sort: Sort;
  onSortChange: (sort: Sort) => void;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  selectionMode?: 'none' | 'single' | 'multiple';
  selectedKeys?: Selection;
  onSelectionChange?: (keys: Selection) => void;
  /** A row opened (Enter, or a press when nothing is being selected): a client's card. */
  onRowAction?: (key: Key) => void;
  /**
   * Renders only the rows in view, in a scrolling box of its own: for pages longer than a screen
   * (a day's sales, stock). Default: from VIRTUALIZE_FROM rows.
   */
  virtualized?: boolean;
}

/**
 * A page with this many rows or more is virtualised: a plain table renders every cell of every
 * row, each with React Aria's hooks (press, focus, hover, selection), which costs more than a
 * frame from a page of 50 (docs/web.md, "Lists in the back office").
 */
export const VIRTUALIZE_FROM = 30;
const ROW_HEIGHT = 44;
// One object for every render: a new one would make the Virtualizer lay its rows out again.
const LAYOUT_OPTIONS = { rowHeight: ROW_HEIGHT, headingHeight: ROW_HEIGHT };

/**
 * The back office's list: React Aria's table (sorting by a column's header with the pointer or
 * the keyboard, rows selected and opened, arrow keys between cells) with its pages below. It
 * shows the rows it is given: the page, its size, the sort and the filters are the caller's,
 * kept in the address (lib/search-params.ts, `listSchema`), and the service sorts and pages.
 *
 * Rendering a React Aria table costs every row and every cell it shows, so the table renders
 * only when what it shows changes (ListRows below): not when the caller's page renders for
 * another reason, nor when a newer page starts to load (`isRefreshing` dims the rows around it).
 */
export function ListTable<T extends object>(props: ListTableProps<T>) {
  const t = useT();
  const { status, rows, total, page, pageSize } = props;
  // The caller's functions are new at each of its renders: the table calls the latest through
  // this, so they do not count as a change that renders it again. (`rowKey` is also called while
  // rendering, where this still holds the previous render's: a row's key never changes with it.)
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const rowKey = useCallback((row: T) => latest.current.rowKey(row), []);
  const onSortChange = useCallback((sort: Sort) => latest.current.onSortChange(sort), []);
  const onSelectionChange = useCallback((keys: Selection) => latest.current.onSelectionChange?.(keys), []);
  const onRowAction = useCallback((key: Key) => latest.current.onRowAction?.(key), []);
  if (status === 'pending') return <Loading />;
  if (status === 'error') return <LoadError retry={props.onRetry} />;

  const pages = pageCount(total, pageSize);
  const pastEnd = rows.length === 0 && total > 0 && page > pages;
  return (
    <div className="list">
      {/* Busy on a box of its own: the rows stay as they are, dimmed, until the next page is here. */}
      <div className="list-rows" aria-busy={props.isRefreshing || undefined}>
        <ListRows<T>
          label={props.label}
          columns={props.columns}
          rowKey={rowKey}
          rows={rows}
          // Only when there is nothing to show: a search's words in it would otherwise render every row again.
          emptyText={rows.length === 0 && !pastEnd ? props.emptyText : null}
          sortColumn={props.sort.column}
          sortDirection={props.sort.direction}
          onSortChange={onSortChange}
          selectionMode={props.selectionMode ?? 'none'}
          selectedKeys={props.selectedKeys}
          onSelectionChange={props.onSelectionChange && onSelectionChange}
          onRowAction={props.onRowAction && onRowAction}
          virtualized={props.virtualized ?? rows.length >= VIRTUALIZE_FROM}
        />
      </div>
      {pastEnd && (
        <p className="list-past-end">
          {t('list.pastEnd', { page, pages })}{' '}
          <Button variant="secondary" onPress={() => props.onPageChange(pages)}>
            {t('list.lastPage')}
          </Button>
        </p>
      )}
      {total > 0 && (
        <Pagination
          page={page}
          pageSize={pageSize}
          total={total}
          pageSizes={props.pageSizes}
          onPageChange={props.onPageChange}
          onPageSizeChange={props.onPageSizeChange}
        />
      )}
    </div>
  );
}

interface ListRowsProps<T> {
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

/**
 * The table itself, rendered again only when one of its props changes (memo). Its rows are
 * the caller's row objects as they are, so React Aria keeps what it built for a row as long as
 * the object is the same (its collection caches by item): the query cache keeps an unchanged
 * product's object from one answer to the next (TanStack Query's structural sharing), so an
 * answer rebuilds only the rows that changed or are new.
 */
const ListRows = memo(function ListRows<T extends object>(props: ListRowsProps<T>) {
  const { columns, rowKey, onSortChange } = props;
  const multiple = props.selectionMode === 'multiple';
  const sortDescriptor = useMemo(
    () => ({ column: props.sortColumn, direction: props.sortDirection }),
    [props.sortColumn, props.sortDirection],
  );
  const table = (
    <Table
      aria-label={props.label}
      className="list-table"
      data-virtualized={props.virtualized || undefined}
      sortDescriptor={sortDescriptor}
      onSortChange={(descriptor: SortDescriptor) =>
        onSortChange({ column: String(descriptor.column), direction: descriptor.direction })
      }
      selectionMode={props.selectionMode}
      selectedKeys={props.selectedKeys}
      onSelectionChange={props.onSelectionChange}
      onRowAction={props.onRowAction}
    >
      <TableHeader>
        {multiple && (
          <Column className="react-aria-Column list-select">
            <Checkbox slot="selection">{null}</Checkbox>
          </Column>
        )}
        <Collection items={columns}>
          {(column) => (
            <Column id={column.id} isRowHeader={column.isRowHeader} allowsSorting={column.allowsSorting}>
              {({ allowsSorting, sortDirection }) => (
                <span className="list-column">
                  {column.name}
                  {allowsSorting && (
                    <span aria-hidden="true" className="list-sort" data-direction={sortDirection ?? 'none'}>
                      {sortDirection === 'descending' ? '▼' : sortDirection === 'ascending' ? '▲' : '↕'}
                    </span>
                  )}
                </span>
              )}
            </Column>
          )}
        </Collection>
      </TableHeader>
      <TableBody
        items={props.rows}
        dependencies={[columns, multiple, rowKey]}
        renderEmptyState={() => (props.emptyText === null ? null : <p className="list-empty">{props.emptyText}</p>)}
      >
        {(row) => (
          <Row id={rowKey(row)} dependencies={[columns, multiple]}>
            {multiple && (
              <Cell className="react-aria-Cell list-select">
                <Checkbox slot="selection">{null}</Checkbox>
              </Cell>
            )}
            <Collection items={columns}>{(column) => <Cell>{column.cell(row)}</Cell>}</Collection>
          </Row>
        )}
      </TableBody>
    </Table>
  );
  return props.virtualized ? (
    <Virtualizer layout={TableLayout} layoutOptions={LAYOUT_OPTIONS}>
      {table}
    </Virtualizer>
  ) : (
    table
  );
}) as <T extends object>(props: ListRowsProps<T>) => ReactNode;
