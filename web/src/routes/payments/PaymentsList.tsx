import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../api/client';
import { asPage } from '../../api/pages';
import { useT } from '../../i18n/i18n';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import { Pagination } from '../../ui/Pagination';
import { AdminOnly, useIsAdmin, useMoney, useRecordTime } from '../../ui/RecordPage';

const PAGE_SIZES = [20, 50, 100] as const;
const STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
const PURPOSES = ['pos_order', 'noshow_fee', 'deposit'] as const;

type Payment = Schemas['Payment'];

/** /payments: the card and online payments, newest first (admins only, as the API). */
export function PaymentsPage() {
  const t = useT();
  const title = t('payments.list.title');
  if (!useIsAdmin()) return <AdminOnly title={title} />;
  return <PaymentsList title={title} />;
}

/**
 * Every payment taken through a provider, page by page, filtered by where it stands and what it
 * was for (the filters the API offers): its amount, the provider, and the sale or booking it
 * belongs to. A payment opens its own screen.
 */
function PaymentsList({ title }: { title: string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const [status, setStatus] = useState<Payment['status'] | ''>('');
  const [purpose, setPurpose] = useState<Payment['purpose'] | ''>('');
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const info = $api.useQuery('get', '/api/public/salon-info');
  const when = useRecordTime(salon.data);
  const money = useMoney(info.data?.currency);
  const list = $api.useQuery(
    'get',
    '/api/payments',
    {
      params: {
        query: {
          page,
          limit: size,
          ...(status === '' ? {} : { status }),
          ...(purpose === '' ? {} : { purpose }),
        },
      },
    },
    { placeholderData: keepPreviousData },
  );
  useTitle(title);
  const data = list.data === undefined ? null : asPage(list.data);
  return (
    <>
      <h1>{title}</h1>
      <div className="payments-filters">
        <div className="field">
          <label htmlFor="payments-status">{t('payments.list.status')}</label>
          <select
            id="payments-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Payment['status'] | '');
              setPage(1);
            }}
          >
            <option value="">{t('payments.list.any')}</option>
            {STATUSES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`payments.status.${choice}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="payments-purpose">{t('payments.list.purpose')}</label>
          <select
            id="payments-purpose"
            value={purpose}
            onChange={(event) => {
              setPurpose(event.target.value as Payment['purpose'] | '');
              setPage(1);
            }}
          >
            <option value="">{t('payments.list.any')}</option>
            {PURPOSES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`payments.purpose.${choice}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {data === null ? (
        list.isError ? (
          <LoadError retry={() => void list.refetch()} />
        ) : (
          <Loading />
        )
      ) : data.total === 0 ? (
        <p>{t('payments.list.none')}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="list-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('payments.list.payment')}</th>
                  <th scope="col">{t('payments.payment.createdAt')}</th>
                  <th scope="col">{t('payments.payment.status')}</th>
                  <th scope="col">{t('payments.payment.provider')}</th>
                  <th scope="col">{t('payments.payment.amount')}</th>
                  <th scope="col">{t('payments.list.of')}</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((payment) => (
                  <tr key={payment.id}>
                    <th scope="row">
                      <Link href={officeHref.payment(payment.id)}>
                        {t('payments.payment.heading', { id: payment.id })}
                      </Link>
                    </th>
                    <td>{when(payment.created_at)}</td>
                    <td>{t(`payments.status.${payment.status}`)}</td>
                    <td>{payment.provider}</td>
                    <td>{money(payment.amount)}</td>
                    <td>
                      {payment.purpose === 'pos_order' ? (
                        <Link href={officeHref.receipt(payment.reference_id)}>
                          {t('payments.payment.order', { id: payment.reference_id })}
                        </Link>
                      ) : (
                        <Link href={officeHref.booking(payment.reference_id)}>
                          {t(`payments.list.for.${payment.purpose}`, { id: payment.reference_id })}
                        </Link>
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
    </>
  );
}
