import { useCallback, useLayoutEffect, useRef } from 'react';
import type { Key, Selection } from 'react-aria-components';
import { useT } from '../i18n/i18n';
import type { Sort } from '../lib/search-params';
import { Button } from './Button';
import { ListGrid, type ListColumn } from './ListGrid';
import { LoadError, Loading } from './PageStates';
import { pageCount, Pagination } from './Pagination';
import './list-table.css';

export type { ListColumn } from './ListGrid';

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
 * A page with this many rows or more is virtualised: only the rows in view are in the document
 * (docs/web.md, "Lists in the back office").
 */
export const VIRTUALIZE_FROM = 30;

/**
 * The back office's list: an ARIA grid (ListGrid.tsx: sorting by a column's header with the
 * pointer or the keyboard, rows selected and opened, arrow keys between cells) with its pages
 * below. It shows the rows it is given: the page, its size, the sort and the filters are the
 * caller's, kept in the address (lib/search-params.ts, `listSchema`), and the service sorts and pages.
 *
 * The grid renders only when what it shows changes: not when the caller's page renders for
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
        <ListGrid<T>
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
