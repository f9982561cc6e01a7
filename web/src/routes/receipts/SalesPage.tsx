import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../api/client';
import { asPage } from '../../api/pages';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import { Pagination } from '../../ui/Pagination';
import { useIsAdmin, useMoney } from '../../ui/RecordPage';
import { useWallClock } from './format';
import { VoidDialog } from './VoidDialog';
import './till-records.css';

const PAGE_SIZES = [20, 50, 100] as const;

type Sale = Schemas['PosOrderSummary'];

/** Where a sale stands, in one word: voided, or its payment's state. */
function standing(sale: Sale): 'voided' | Sale['payment_status'] {
  return sale.voided_at !== null ? 'voided' : sale.payment_status;
}

/**
 * /till/sales: the till's sales, newest first, page by page, filtered by who sold them (the one
 * filter besides the client the API offers). A sale opens its receipt, where it is refunded; a
 * sale whose payment failed is voided from here (the API voids only those). Any signed-in
 * member, as the API.
 */
export function SalesPage() {
  const t = useT();
  const title = t('sales.title');
  const admin = useIsAdmin();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const [staffId, setStaffId] = useState<number | null>(null);
  const [voiding, setVoiding] = useState<Sale | null>(null);
  const info = $api.useQuery('get', '/api/public/salon-info');
  const staff = $api.useQuery('get', '/api/staff/staff');
  const money = useMoney(info.data?.currency);
  const clock = useWallClock();
  const list = $api.useQuery(
    'get',
    '/api/pos',
    { params: { query: { page, limit: size, ...(staffId === null ? {} : { staff_id: staffId }) } } },
    { placeholderData: keepPreviousData },
  );
  useTitle(title);
  const data = list.data === undefined ? null : asPage(list.data);
  return (
    <>
      <h1>{title}</h1>
      <p className="till-record-links">
        <Link href={officeHref.till()}>{t('sales.toTill')}</Link>
        {admin && <Link href={officeHref.journal()}>{t('journal.title')}</Link>}
      </p>
      <div className="field">
        <label htmlFor="sales-staff">{t('sales.filter.staff')}</label>
        <select
          id="sales-staff"
          value={staffId ?? ''}
          onChange={(event) => {
            setStaffId(event.target.value === '' ? null : Number(event.target.value));
            setPage(1);
          }}
        >
          <option value="">{t('sales.filter.anyone')}</option>
          {(staff.data ?? []).map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      </div>
      {data === null ? (
        list.isError ? (
          <LoadError retry={() => void list.refetch()} />
        ) : (
          <Loading />
        )
      ) : data.total === 0 ? (
        <p>{t('sales.none')}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="list-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('sales.col.sale')}</th>
                  <th scope="col">{t('sales.col.when')}</th>
                  <th scope="col">{t('sales.col.client')}</th>
                  <th scope="col">{t('sales.col.staff')}</th>
                  <th scope="col">{t('sales.col.method')}</th>
                  <th scope="col">{t('sales.col.status')}</th>
                  <th scope="col">{t('sales.col.total')}</th>
                  <th scope="col">{t('sales.col.refunded')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('sales.col.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((sale) => (
                  <tr key={sale.id}>
                    <th scope="row">
                      <Link href={officeHref.receipt(sale.id)}>
                        {sale.receipt_number ?? t('sales.unnumbered', { id: sale.id })}
                      </Link>
                    </th>
                    <td>{clock(sale.created_at)}</td>
                    <td>{sale.client_name}</td>
                    <td>{sale.staff_name}</td>
                    <td>{t(`sales.method.${sale.payment_method}`)}</td>
                    <td>{t(`sales.status.${standing(sale)}`)}</td>
                    <td>{money(sale.total)}</td>
                    <td>{sale.refunded_total > 0 ? money(sale.refunded_total) : ''}</td>
                    <td>
                      {standing(sale) === 'failed' && (
                        <Button variant="secondary" onPress={() => setVoiding(sale)}>
                          {t('sales.void.open', { id: sale.id })}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            pageSize={size}
            total={data.total}
            pageSizes={PAGE_SIZES}
            onPageChange={setPage}
            onPageSizeChange={(next) => {
              setSize(next);
              setPage(1);
            }}
          />
        </>
      )}
      {voiding && <VoidDialog sale={voiding} money={money} onClose={() => setVoiding(null)} />}
    </>
  );
}
