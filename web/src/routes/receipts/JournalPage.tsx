import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../src/lib/office-paths';
import { $api, api, type Schemas } from '../../api/client';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { saveFile } from '../../lib/save-file';
import { Button } from '../../ui/Button';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import { Pagination } from '../../ui/Pagination';
import { AdminOnly, useIsAdmin } from '../../ui/RecordPage';
import { JournalCheck } from './JournalCheck';
import { shortHash } from './journal-hash';
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
 * before it, so the chain reads down the page. The service pages it (a busy month holds tens of
 * thousands of entries; the auditor's CSV is the whole period at once). Nothing here changes an
 * entry: no API does.
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
      <AuditorFile from={period.from} to={period.to} />
      <Entries key={`${period.from}/${period.to}`} from={period.from} to={period.to} timezone={timezone} />
    </section>
  );
}

/**
 * The period's journal as the auditor's file: every stored field, the canonical body too, so an
 * auditor can recompute each hash. Fetched with the session's credentials when asked for (a plain
 * link could not carry them), saved under the service's own name for it.
 */
function AuditorFile({ from, to }: { from: string; to: string }) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const save = async () => {
    setState('busy');
    try {
      const { data } = await api.GET('/api/pos/journal', { params: { query: { from, to } }, parseAs: 'blob' });
      if (!data) throw new Error('no file');
      saveFile(data, `till-journal_${from}_${to}.csv`);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <p>
      <Button variant="secondary" isDisabled={state === 'busy'} onPress={() => void save()}>
        {state === 'busy' ? t('journal.csv.busy') : t('journal.csv.download')}
      </Button>
      <span role="status">{state === 'failed' ? <span className="error"> {t('journal.csv.failed')}</span> : null}</span>
    </p>
  );
}

type JournalEntry = Schemas['PosJournalEntriesPage']['data'][number];

function Entries({ from, to, timezone }: { from: string; to: string; timezone: string }) {
  const t = useT();
  const { language } = useLanguage();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const entries = $api.useQuery(
    'get',
    '/api/pos/journal/entries',
    { params: { query: { from, to, page, limit: size } } },
    // The page shown stays while the next one loads, so the pager keeps its place under the pointer.
    { placeholderData: keepPreviousData },
  );
  if (entries.data === undefined)
    return entries.isError ? <LoadError retry={() => void entries.refetch()} /> : <Loading />;
  if (entries.data.total === 0) return <p>{t('journal.none')}</p>;
  const when = new Intl.DateTimeFormat(LOCALE_OF[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: timezone,
  });
  const amount = new Intl.NumberFormat(LOCALE_OF[language], { minimumFractionDigits: 2 });
  return (
    <>
      <div className="table-scroll" aria-busy={entries.isPlaceholderData || undefined}>
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
            {entries.data.data.map((entry) => (
              <Row
                key={entry.id}
                entry={entry}
                when={(text) => when.format(new Date(text))}
                amount={(value) => amount.format(value)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        label={t('journal.pages')}
        page={page}
        pageSize={size}
        total={entries.data.total}
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
 * One entry. Its previous hash is the hash of the entry before it in the journal (the row above,
 * or the last of the page before); one that does not is said in words, though only the check
 * proves the chain: it recomputes every hash, which a screen showing what is stored cannot.
 */
function Row({
  entry,
  when,
  amount,
}: {
  entry: JournalEntry;
  when: (text: string) => string;
  amount: (value: number) => string;
}) {
  const t = useT();
  return (
    <tr>
      <th scope="row">{entry.receipt_number}</th>
      <td>{when(entry.created_at)}</td>
      <td>{t(`journal.kind.${entry.kind}`)}</td>
      <td>{entry.order_id !== null && <Link href={officeHref.receipt(entry.order_id)}>{entry.order_id}</Link>}</td>
      <td>{amount(entry.amount)}</td>
      <td>{entry.payment_method ?? ''}</td>
      <td>
        <span className="till-hash" title={entry.prev_hash}>
          {shortHash(entry.prev_hash)}
        </span>
        {!entry.links_to_previous && <span className="error"> {t('journal.unlinked')}</span>}
      </td>
      <td>
        <span className="till-hash" title={entry.hash}>
          {shortHash(entry.hash)}
        </span>
      </td>
    </tr>
  );
}
