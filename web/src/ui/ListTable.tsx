import type { ReactNode } from 'react';
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
   * Renders only the rows in view, in a scrolling box of its own: for pages of hundreds of rows
   * (a day's sales, stock). Default: from VIRTUALIZE_FROM rows.
   */
  virtualized?: boolean;
}

/** A page with this many rows or more is virtualised: a plain table of fewer stays cheap to render. */
export const VIRTUALIZE_FROM = 150;
const ROW_HEIGHT = 44;

/**
 * The back office's list: React Aria's table (sorting by a column's header with the pointer or
 * the keyboard, rows selected and opened, arrow keys between cells) with its pages below. It
 * shows the rows it is given: the page, its size, the sort and the filters are the caller's,
 * kept in the address (lib/search-params.ts, `listSchema`), and the service sorts and pages.
 */
export function ListTable<T>(props: ListTableProps<T>) {
  const t = useT();
  const { status, rows, total, page, pageSize } = props;
  if (status === 'pending') return <Loading />;
  if (status === 'error') return <LoadError retry={props.onRetry} />;

  const pages = pageCount(total, pageSize);
  const pastEnd = rows.length === 0 && total > 0 && page > pages;
  const virtualized = props.virtualized ?? rows.length >= VIRTUALIZE_FROM;
  const multiple = props.selectionMode === 'multiple';
  const table = (
    <Table
      aria-label={props.label}
      className="list-table"
      data-virtualized={virtualized || undefined}
      aria-busy={props.isRefreshing || undefined}
      sortDescriptor={props.sort}
      onSortChange={(descriptor: SortDescriptor) =>
        props.onSortChange({ column: String(descriptor.column), direction: descriptor.direction })
      }
      selectionMode={props.selectionMode ?? 'none'}
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
        <Collection items={props.columns}>
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
        items={rows.map((row) => ({ id: props.rowKey(row), row }))}
        dependencies={[props.columns, multiple]}
        renderEmptyState={() => (pastEnd ? null : <p className="list-empty">{props.emptyText}</p>)}
      >
        {(item) => (
          <Row id={item.id} dependencies={[props.columns, multiple]}>
            {multiple && (
              <Cell className="react-aria-Cell list-select">
                <Checkbox slot="selection">{null}</Checkbox>
              </Cell>
            )}
            <Collection items={props.columns}>{(column) => <Cell>{column.cell(item.row)}</Cell>}</Collection>
          </Row>
        )}
      </TableBody>
    </Table>
  );

  return (
    <div className="list">
      {virtualized ? (
        <Virtualizer layout={TableLayout} layoutOptions={{ rowHeight: ROW_HEIGHT, headingHeight: ROW_HEIGHT }}>
          {table}
        </Virtualizer>
      ) : (
        table
      )}
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
