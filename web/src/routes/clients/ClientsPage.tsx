import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../api/client';
import { asPage } from '../../api/pages';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { useListParams } from '../../lib/use-search-params';
import { ListTable, type ListColumn } from '../../ui/ListTable';
import { useTitle } from '../../ui/PageStates';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { CLIENT_LIST, clientsQuery, PAGE_SIZES, type ClientSortColumn, type FromList } from './client-list';
import { ClientFormDialog } from './ClientForm';
import { formatDate } from './dates';
import { LabelsDialog } from './LabelsDialog';
import { useNarrow } from './narrow';
import './clients.css';

type Client = Schemas['Client'];

/** How long typing pauses before the search is sent: a request per word, not per letter. */
const SEARCH_PAUSE_MS = 300;

/**
 * /clients: the salon's clients, searched as the desk types (name, phone or email; a phone
 * typed with spaces finds the stored +31…), sorted by name or by when they were added, page by
 * page. The service searches, sorts and pages; the list's state is the address's. "New client"
 * opens the client's form; once created, their card. "Labels…" opens the salon's labels.
 */
export function ClientsPage() {
  const t = useT();
  useTitle(t('clients.title'));
  const [list, change] = useListParams(CLIENT_LIST);
  const [, navigate] = useLocation();
  const typed = useDebouncedSearch(list.q, change);
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const clients = $api.useQuery(
    'get',
    '/api/clients',
    { params: { query: clientsQuery(list) } },
    // The rows of the last answer stay (dimmed) while the next search or page is on its way.
    { placeholderData: keepPreviousData },
  );
  const page = clients.data === undefined ? null : asPage(clients.data);
  const columns = useColumns(salon.data?.timezone);
  const search = list.q.trim();
  const [creating, setCreating] = useState(false);
  const [labelling, setLabelling] = useState(false);

  return (
    <>
      <div className="clients-heading">
        <h1>{t('clients.title')}</h1>
        <div className="clients-heading-actions">
          <Button onPress={() => setCreating(true)}>{t('clients.form.new')}</Button>
          <Button variant="secondary" onPress={() => setLabelling(true)}>
            {t('clients.labels.open')}
          </Button>
        </div>
      </div>
      <LabelsDialog isOpen={labelling} onOpenChange={setLabelling} />
      <ClientFormDialog
        isOpen={creating}
        onOpenChange={setCreating}
        onSaved={(client) =>
          navigate(officeHref.client(client.id), {
            state: { clientsList: window.location.search } satisfies FromList,
          })
        }
      />
      <div role="search" className="clients-search">
        <TextField
          label={t('clients.search.label')}
          description={t('clients.search.help')}
          type="search"
          value={typed.value}
          onChange={typed.set}
          maxLength={200}
          autoComplete="off"
        />
      </div>
      <p role="status" className="clients-count">
        {page === null || clients.isPlaceholderData
          ? ''
          : search === ''
            ? t('clients.count.all', { total: page.total })
            : t('clients.count.found', { total: page.total, search })}
      </p>
      <ListTable<Client>
        label={t('clients.table.label')}
        columns={columns}
        rowKey={(client) => client.id}
        status={page !== null ? 'success' : clients.isError ? 'error' : 'pending'}
        rows={page?.data ?? []}
        total={page?.total ?? 0}
        isRefreshing={clients.isPlaceholderData}
        onRetry={() => void clients.refetch()}
        emptyText={search === '' ? t('clients.empty.none') : t('clients.empty.search', { search })}
        sort={list.sort}
        onSortChange={(sort) => change({ sort: sort as typeof list.sort })}
        page={list.page}
        pageSize={list.size}
        pageSizes={PAGE_SIZES}
        onPageChange={(next) => change({ page: next })}
        onPageSizeChange={(size) => change({ size })}
        onRowAction={(key) =>
          navigate(officeHref.client(Number(key)), {
            state: { clientsList: window.location.search } satisfies FromList,
          })
        }
      />
    </>
  );
}

/**
 * The search box's own text, written to the address once typing pauses; the address's search
 * (Back, a reload, a shared link) comes back into the box.
 */
function useDebouncedSearch(inAddress: string, change: (update: { q: string }) => void) {
  const [value, setValue] = useState(inAddress);
  const written = useRef(inAddress);
  useEffect(() => {
    if (inAddress !== written.current) {
      written.current = inAddress;
      setValue(inAddress);
    }
  }, [inAddress]);
  useEffect(() => {
    if (value === written.current) return;
    const timer = window.setTimeout(() => {
      written.current = value;
      change({ q: value });
    }, SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [value, change]);
  return { value, set: setValue };
}

/** The list's columns; on a phone the name and phone only, so a row fits without scrolling sideways. */
function useColumns(timezone: string | undefined): ListColumn<Client>[] {
  const t = useT();
  const { language } = useLanguage();
  const narrow = useNarrow();
  return useMemo(() => {
    const sortable = (id: ClientSortColumn) => ({ id, allowsSorting: true });
    const all: (ListColumn<Client> & { wide?: boolean })[] = [
      { ...sortable('name'), name: t('clients.column.name'), isRowHeader: true, cell: (client) => client.name },
      { id: 'phone', name: t('clients.column.phone'), cell: (client) => client.phone },
      { id: 'email', name: t('clients.column.email'), wide: true, cell: (client) => client.email ?? '' },
      {
        ...sortable('created_at'),
        name: t('clients.column.since'),
        wide: true,
        cell: (client) => (timezone ? formatDate(client.created_at, LOCALE_OF[language], timezone) : ''),
      },
    ];
    return all.filter((column) => !(narrow && column.wide));
  }, [t, language, narrow, timezone]);
}
