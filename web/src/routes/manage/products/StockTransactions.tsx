import { keepPreviousData } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { $api, type Schemas } from '../../../api/client';
import { asPage } from '../../../api/pages';
import { useT } from '../../../i18n/i18n';
import { ListTable, type ListColumn } from '../../../ui/ListTable';
import { useRecordTime } from '../../../ui/RecordPage';
import { useNarrow } from '../narrow';

type Transaction = Schemas['StockTransaction'];

export const STOCK_REASONS = [
  'delivery',
  'delivery_reversal',
  'sale',
  'sale_reversal',
  'adjustment',
  'internal_consumption',
] as const;
type Reason = (typeof STOCK_REASONS)[number];

const PAGE_SIZES = [25, 50, 100] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A product's stock history, newest first: every change of its count with why (a delivery, a
 * sale, a count corrected, internal consumption), filtered by days and reason, page by page.
 */
export function StockTransactions({ productId }: { productId: number }) {
  const t = useT();
  const fromId = useId();
  const toId = useId();
  const reasonId = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState<Reason | ''>('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const query = {
    product_id: productId,
    ...(DATE.test(from) ? { from } : {}),
    ...(DATE.test(to) ? { to } : {}),
    ...(reason === '' ? {} : { reason }),
    page,
    limit: size,
  };
  const transactions = $api.useQuery(
    'get',
    '/api/inventory/transactions',
    { params: { query } },
    { placeholderData: keepPreviousData },
  );
  const result = transactions.data === undefined ? null : asPage(transactions.data);
  const columns = useColumns();
  return (
    <section className="record-section" aria-labelledby="stock-history">
      <h2 id="stock-history">{t('manage.products.history.heading')}</h2>
      <div className="stock-filters">
        <div className="field">
          <label htmlFor={fromId}>{t('manage.products.history.from')}</label>
          <input
            id={fromId}
            type="date"
            value={from}
            onChange={(event) => {
              setFrom(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={toId}>{t('manage.products.history.to')}</label>
          <input
            id={toId}
            type="date"
            value={to}
            onChange={(event) => {
              setTo(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={reasonId}>{t('manage.products.history.reason')}</label>
          <select
            id={reasonId}
            value={reason}
            onChange={(event) => {
              setReason(STOCK_REASONS.find((value) => value === event.target.value) ?? '');
              setPage(1);
            }}
          >
            <option value="">{t('manage.products.history.anyReason')}</option>
            {STOCK_REASONS.map((value) => (
              <option key={value} value={value}>
                {t('manage.products.reason', { reason: value })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ListTable<Transaction>
        label={t('manage.products.history.heading')}
        columns={columns}
        rowKey={(row) => row.id}
        status={result !== null ? 'success' : transactions.isError ? 'error' : 'pending'}
        rows={result?.data ?? []}
        total={result?.total ?? 0}
        isRefreshing={transactions.isPlaceholderData}
        onRetry={() => void transactions.refetch()}
        emptyText={t('manage.products.history.empty')}
        sort={{ column: 'when', direction: 'descending' }}
        onSortChange={() => undefined}
        page={page}
        pageSize={size}
        pageSizes={PAGE_SIZES}
        onPageChange={setPage}
        onPageSizeChange={(next) => {
          setSize(next);
          setPage(1);
        }}
      />
    </section>
  );
}

/** The history's columns; on a phone the time, the change and the reason only. */
function useColumns(): ListColumn<Transaction>[] {
  const t = useT();
  const narrow = useNarrow();
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const time = useRecordTime(salon.data);
  return useMemo(() => {
    const all: (ListColumn<Transaction> & { wide?: boolean })[] = [
      { id: 'when', name: t('manage.products.history.when'), isRowHeader: true, cell: (row) => time(row.created_at) },
      {
        id: 'delta',
        name: t('manage.products.history.delta'),
        cell: (row) => (row.delta > 0 ? `+${row.delta}` : String(row.delta)),
      },
      {
        id: 'reason',
        name: t('manage.products.history.reason'),
        cell: (row) => t('manage.products.reason', { reason: row.reason }),
      },
      { id: 'after', name: t('manage.products.history.after'), wide: true, cell: (row) => row.quantity_after },
      {
        id: 'note',
        name: t('manage.products.history.note'),
        wide: true,
        cell: (row) => [row.note, row.user_name].filter((part) => part).join(' · '),
      },
    ];
    return all.filter((column) => !(narrow && column.wide));
  }, [t, time, narrow]);
}
