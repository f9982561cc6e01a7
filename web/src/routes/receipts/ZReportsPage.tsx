import { keepPreviousData } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../src/lib/office-paths';
import { $api } from '../../api/client';
import { asPage } from '../../api/pages';
import { useT } from '../../i18n/i18n';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import { Pagination } from '../../ui/Pagination';
import { AdminOnly, RecordState, useIsAdmin, useMoney } from '../../ui/RecordPage';
import { useWallClock } from './format';
import { PageSize, PrintControls, type Paper } from './print';
import { ZReport } from './ZReport';
import './till-records.css';

const PAGE_SIZES = [20, 50, 100] as const;

/** /till/drawer/z-reports: the closed days, newest first, page by page (the accountant's list; admins). */
export function ZReportsPage() {
  const t = useT();
  const title = t('drawer.zList.title');
  if (!useIsAdmin()) return <AdminOnly title={title} />;
  return <ZReportList title={title} />;
}

function ZReportList({ title }: { title: string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const info = $api.useQuery('get', '/api/public/salon-info');
  const money = useMoney(info.data?.currency);
  const clock = useWallClock();
  const list = $api.useQuery(
    'get',
    '/api/pos/z-reports',
    { params: { query: { page, limit: size } } },
    { placeholderData: keepPreviousData },
  );
  useTitle(title);
  const data = list.data === undefined ? null : asPage(list.data);
  return (
    <>
      <h1>{title}</h1>
      <p>
        <Link href={officeHref.drawer()}>{t('drawer.title')}</Link>
      </p>
      {data === null ? (
        list.isError ? (
          <LoadError retry={() => void list.refetch()} />
        ) : (
          <Loading />
        )
      ) : data.total === 0 ? (
        <p>{t('drawer.zList.none')}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="list-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('drawer.zList.number')}</th>
                  <th scope="col">{t('drawer.zList.closed')}</th>
                  <th scope="col">{t('drawer.zList.sales')}</th>
                  <th scope="col">{t('drawer.zList.difference')}</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((report) => (
                  <tr key={report.id}>
                    <th scope="row">
                      <Link href={officeHref.zReport(report.id)}>{report.number}</Link>
                    </th>
                    <td>{clock(report.closed_at)}</td>
                    <td>{money(report.sales.total)}</td>
                    <td>{money(report.cash.difference)}</td>
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

/** /till/drawer/z-reports/:id: one Z report, printable (admins, as the API). */
export function ZReportPage({ id }: { id: number }) {
  const t = useT();
  const title = t('drawer.z.title');
  if (!useIsAdmin()) return <AdminOnly title={title} />;
  return <OneZReport id={id} title={title} />;
}

function OneZReport({ id, title }: { id: number; title: string }) {
  const t = useT();
  const report = $api.useQuery('get', '/api/pos/z-reports/{id}', { params: { path: { id } } });
  const info = $api.useQuery('get', '/api/public/salon-info');
  useTitle(title);
  if (!report.data) return <RecordState query={report} title={title} missing={t('drawer.z.missing')} />;
  return <PrintableZReport report={report.data} currency={info.data?.currency} title={title} />;
}

/** A Z report with the paper choice and Print: after a close, and from the list. */
export function PrintableZReport({
  report,
  currency,
  title,
}: {
  report: Parameters<typeof ZReport>[0]['report'];
  currency: string | undefined;
  title: string;
}) {
  const t = useT();
  const [paper, setPaper] = useState<Paper>('a4');
  const record = useRef<HTMLElement>(null);
  return (
    <>
      <h1 className="print-hide">{title}</h1>
      <p className="print-hide">
        <Link href={officeHref.zReports()}>{t('drawer.zList.title')}</Link>
      </p>
      <PrintControls paper={paper} onPaper={setPaper} />
      <PageSize paper={paper} record={record} />
      <ZReport report={report} currency={currency} paper={paper} ref={record} />
    </>
  );
}
