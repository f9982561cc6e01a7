import { useId } from 'react';
import { useT } from '../i18n/i18n';
import { Button } from './Button';
// Its rules are in the list's stylesheet; imported here too, for a list that is not a table (notifications).
import './list-table.css';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** The rows in all pages. */
  total: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** Names the navigation landmark when a page has more than one list ("Pages of clients"). */
  label?: string;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * A list's pages: previous and next, "Page 2 of 13", which rows these are ("26–50 of 312") and
 * how many rows a page has. Every control is named in words; the page's number is a live
 * region, so a screen reader hears where a press went.
 */
export function Pagination({
  page,
  pageSize,
  total,
  pageSizes,
  onPageChange,
  onPageSizeChange,
  label,
}: PaginationProps) {
  const t = useT();
  const sizeId = useId();
  const pages = pageCount(total, pageSize);
  const from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return (
    <nav className="pagination" aria-label={label ?? t('list.pages')}>
      <Button variant="secondary" isDisabled={page <= 1} onPress={() => onPageChange(Math.min(page - 1, pages))}>
        {t('list.previous')}
      </Button>
      <p className="pagination-where" aria-live="polite">
        <span>{t('list.pageOf', { page, pages })}</span>{' '}
        <span className="pagination-range">{t('list.range', { from, to, total })}</span>
      </p>
      <Button variant="secondary" isDisabled={page >= pages} onPress={() => onPageChange(page + 1)}>
        {t('list.next')}
      </Button>
      <span className="pagination-size">
        <label htmlFor={sizeId}>{t('list.pageSize')}</label>
        <select id={sizeId} value={pageSize} onChange={(event) => onPageSizeChange(Number(event.target.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </span>
    </nav>
  );
}
