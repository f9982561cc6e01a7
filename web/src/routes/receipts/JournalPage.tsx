import { useState } from 'react';
import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../src/lib/office-paths';
import { $api } from '../../api/client';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import { Pagination } from '../../ui/Pagination';
import { AdminOnly, useIsAdmin } from '../../ui/RecordPage';
import { JournalCheck } from './JournalCheck';
import { journalEntries, linksToPrevious, shortHash, type JournalEntry } from './journal-csv';
import './till-records.css';

const PAGE_SIZES = [50, 100, 200] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** /till/journal: the till journal, read-only, and its check (admins, as the API). */
export function JournalPage() {
  const t = useT();
  const title = t('journal.title');
  if (!useIsAdmin()) return <AdminOnly title={title} />;
  return <Journal title={title} />;
}

/**
 * The journal of a period (this month to today at first), oldest first as it is chained, page
 * by page: each entry's number, kind, sale, amount and its hash with the hash of the entry
 * before it, so the chain reads down the page. The service hands the period out whole (its
 * auditor's CSV); the pages are the screen's. Nothing here changes an entry: no API does.
 */
function Journal({ title }: { title: string }) {
  const t = useT();
  const salon = $api.useQuery('get', '/api/public/salon-page');
  useTitle(title);
  return (
    <>
      <h1>{title}</h1>
      <p className="till-record-links">
        <Link href={officeHref.sales()}>{t('sales.title')}</Link>
        <Link href={officeHref.zReports()}>{t('journal.zReports')}</Link>
      </p>
      <p>{t('journal.intro')}</p>
      <JournalCheck />
      {salon.data ? (
        <Period today={salon.data.today} timezone={salon.data.timezone} />
      ) : salon.isError ? (
        <LoadError retry={() => void salon.refetch()} />
      ) : (
        <Loading />
      )}
    </>
  );
}

function Period({ today, timezone }: { today: string; timezone: string }) {
  const t = useT();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  // A date field is empty while being typed over; the list keeps the last whole period meanwhile.
  const [period, setPeriod] = useState({ from, to });
  const change = (next: { from: string; to: string }) => {
    setFrom(next.from);
    setTo(next.to);
    if (DAY.test(next.from) && DAY.test(next.to) && next.from <= next.to) setPeriod(next);
  };
  return (
    <section aria-labelledby="journal-entries">
      <h2 id="journal-entries">{t('journal.entries')}</h2>
      <div className="till-journal-period">
        <div className="field">
          <label htmlFor="journal-from">{t('journal.from')}</label>
          <input id="journal-from" type="date" value={from} onChange={(e) => change({ from: e.target.value, to })} />
        </div>
        <div className="field">
          <label htmlFor="journal-to">{t('journal.to')}</label>
          <input id="journal-to" type="date" value={to} onChange={(e) => change({ from, to: e.target.value })} />
        </div>
      </div>
      <Entries key={`${period.from}/${period.to}`} from={period.from} to={period.to} timezone={timezone} />
    </section>
  );
}

function Entries({ from, to, timezone }: { from: string; to: string; timezone: string }) {
  const t = useT();
  const { language } = useLanguage();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const csv = $api.useQuery('get', '/api/pos/journal', { params: { query: { from, to } }, parseAs: 'text' });
  if (csv.data === undefined) return csv.isError ? <LoadError retry={() => void csv.refetch()} /> : <Loading />;
  const all = journalEntries(csv.data);
  if (all.length === 0) return <p>{t('journal.none')}</p>;
  const linked = linksToPrevious(all);
  const first = (page - 1) * size;
  const shown = all.slice(first, first + size);
  const when = new Intl.DateTimeFormat(LOCALE_OF[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: timezone,
  });
  const amount = new Intl.NumberFormat(LOCALE_OF[language], { minimumFractionDigits: 2 });
  return (
    <>
      <div className="table-scroll">
        <table className="list-table">
          <caption className="visually-hidden">{t('journal.entries')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('journal.col.number')}</th>
              <th scope="col">{t('journal.col.when')}</th>
              <th scope="col">{t('journal.col.kind')}</th>
              <th scope="col">{t('journal.col.sale')}</th>
              <th scope="col">{t('journal.col.amount')}</th>
              <th scope="col">{t('journal.col.method')}</th>
              <th scope="col">{t('journal.col.previous')}</th>
              <th scope="col">{t('journal.col.hash')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((entry, index) => (
              <Row
                key={entry.id}
                entry={entry}
                linked={linked[first + index]!}
                when={(text) => when.format(new Date(text))}
                amount={(text) => amount.format(Number(text))}
              />
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        label={t('journal.pages')}
        page={page}
        pageSize={size}
        total={all.length}
        pageSizes={PAGE_SIZES}
        onPageChange={setPage}
        onPageSizeChange={(next) => {
          setSize(next);
          setPage(1);
        }}
      />
    </>
  );
}

/**
 * One entry. Its previous hash is the hash of the row above (the first of a period points
 * outside it); one that does not is said in words, though only the check proves the chain:
 * it recomputes every hash, which a screen showing what is stored cannot.
 */
function Row({
  entry,
  linked,
  when,
  amount,
}: {
  entry: JournalEntry;
  linked: boolean;
  when: (text: string) => string;
  amount: (text: string) => string;
}) {
  const t = useT();
  return (
    <tr>
      <th scope="row">{entry.receiptNumber}</th>
      <td>{when(entry.createdAt)}</td>
      <td>{t(`journal.kind.${entry.kind as 'sale' | 'refund' | 'void' | 'cash'}`)}</td>
      <td>{entry.orderId !== null && <Link href={officeHref.receipt(entry.orderId)}>{entry.orderId}</Link>}</td>
      <td>{amount(entry.amount)}</td>
      <td>{entry.paymentMethod}</td>
      <td>
        <span className="till-hash" title={entry.prevHash}>
          {shortHash(entry.prevHash)}
        </span>
        {!linked && <span className="error"> {t('journal.unlinked')}</span>}
      </td>
      <td>
        <span className="till-hash" title={entry.hash}>
          {shortHash(entry.hash)}
        </span>
      </td>
    </tr>
  );
}
