import { useMemo, useState } from 'react';
import type { Key, Selection } from 'react-aria-components';
import { listSchema, param, type Sort } from '../lib/search-params';
import { useListParams } from '../lib/use-search-params';
import type { Cases } from '../testing/component-page';
import { ListTable, type ListColumn, type ListTableProps } from './ListTable';

/**
 * The component tests' cases of ListTable (web/component/ListTable.test.ts): a list of clients
 * whose page, size, sort and search live in the address, sorted and paged here as the service
 * would.
 */

interface Client {
  id: number;
  name: string;
  phone: string;
  lastVisit: string;
}

const FIRST = ['Ada', 'Bram', 'Chloé', 'Daan', 'Eva', 'Fleur', 'Gijs', 'Hanna', 'Ilse', 'Joris'];
const LAST = ['de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer'];

/** 60 clients: names in no order, each a different last visit. */
function makeClients(count: number): Client[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `${FIRST[(index * 7) % FIRST.length]} ${LAST[index % LAST.length]} ${index + 1}`,
    phone: `+31 6 ${String(10000000 + index * 7919).slice(0, 8)}`,
    lastVisit: `2026-${String((index % 11) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`,
  }));
}

const COLUMNS: ListColumn<Client>[] = [
  { id: 'name', name: 'Name', isRowHeader: true, allowsSorting: true, cell: (client) => client.name },
  { id: 'phone', name: 'Phone', cell: (client) => client.phone },
  { id: 'last_visit', name: 'Last visit', allowsSorting: true, cell: (client) => client.lastVisit },
];

const CLIENT_LIST = listSchema({
  sortColumns: ['name', 'last_visit'],
  defaultSort: { column: 'name', direction: 'ascending' },
  pageSizes: [10, 25, 500],
  filters: { q: param.text() },
});

function sorted(clients: Client[], sort: Sort): Client[] {
  const value = (client: Client) => (sort.column === 'last_visit' ? client.lastVisit : client.name);
  const order = sort.direction === 'ascending' ? 1 : -1;
  return [...clients].sort((a, b) => order * value(a).localeCompare(value(b)) || a.id - b.id);
}

type Shown = Pick<ListTableProps<Client>, 'status' | 'onRetry'>;

function Clients({ count, shown }: { count: number; shown?: Shown }) {
  const all = useMemo(() => makeClients(count), [count]);
  const [list, change] = useListParams(CLIENT_LIST);
  const [selected, setSelected] = useState<Selection>(new Set());
  const [opened, setOpened] = useState<Key | null>(null);
  const matching = sorted(
    all.filter((client) => client.name.toLowerCase().includes(list.q.toLowerCase())),
    list.sort,
  );
  const rows = matching.slice((list.page - 1) * list.size, list.page * list.size);
  const selectedCount = selected === 'all' ? matching.length : selected.size;
  return (
    <>
      <h1>Clients</h1>
      <ListTable
        label="Clients"
        columns={COLUMNS}
        rowKey={(client) => client.id}
        status={shown?.status ?? 'success'}
        onRetry={shown?.onRetry ?? (() => undefined)}
        rows={rows}
        total={matching.length}
        emptyText={list.q === '' ? 'No clients yet.' : `No clients match “${list.q}”.`}
        sort={list.sort}
        onSortChange={(sort) => change({ sort: sort as typeof list.sort })}
        page={list.page}
        pageSize={list.size}
        pageSizes={[10, 25, 500]}
        onPageChange={(page) => change({ page })}
        onPageSizeChange={(size) => change({ size })}
        selectionMode="multiple"
        selectedKeys={selected}
        onSelectionChange={setSelected}
        onRowAction={setOpened}
      />
      <p>Selected: {selectedCount}</p>
      <p>Opened: {opened ?? 'none'}</p>
    </>
  );
}

function Failing() {
  const [tries, setTries] = useState(0);
  return (
    <>
      <Clients count={60} shown={{ status: 'error', onRetry: () => setTries(tries + 1) }} />
      <p>Tries: {tries}</p>
    </>
  );
}

/**
 * How many times each client's cells were made, by client id, for the test to read: a cell is
 * made when React Aria builds the client's row, so a count that moves means the row was built
 * again.
 */
const cellsMade: Record<number, number> = {};
Object.assign(window, { cellsMade });

const COUNTED_COLUMNS: ListColumn<Client>[] = COLUMNS.map((column) => ({
  ...column,
  cell: (client) => {
    cellsMade[client.id] = (cellsMade[client.id] ?? 0) + 1;
    return column.cell(client);
  },
}));

/**
 * Ten clients whose list changes one client at a time (a new object for it, the others kept,
 * as the query cache keeps an unchanged row's object), refreshes, and renders its page again.
 */
function Changing() {
  const [clients, setClients] = useState(() => makeClients(10));
  const [refreshing, setRefreshing] = useState(false);
  const [renders, setRenders] = useState(0);
  const changeThird = () =>
    setClients((list) => list.map((client) => (client.id === 3 ? { ...client, phone: '+31 6 99999999' } : client)));
  return (
    <>
      <ListTable
        label="Clients"
        columns={COUNTED_COLUMNS}
        rowKey={(client) => client.id}
        status="success"
        onRetry={() => undefined}
        rows={clients}
        total={clients.length}
        isRefreshing={refreshing}
        emptyText="No clients yet."
        sort={{ column: 'name', direction: 'ascending' }}
        onSortChange={() => undefined}
        page={1}
        pageSize={10}
        pageSizes={[10]}
        onPageChange={() => undefined}
        onPageSizeChange={() => undefined}
        selectionMode="multiple"
        onRowAction={() => undefined}
      />
      <button onClick={changeThird}>Change client 3’s phone</button>
      <button onClick={() => setRefreshing(!refreshing)}>Refreshing: {String(refreshing)}</button>
      <button onClick={() => setRenders(renders + 1)}>Page renders: {renders}</button>
    </>
  );
}

export const cases: Cases = {
  clients: () => <Clients count={60} />,
  'no clients': () => <Clients count={0} />,
  loading: () => <Clients count={60} shown={{ status: 'pending', onRetry: () => undefined }} />,
  failed: () => <Failing />,
  'many clients': () => <Clients count={1200} />,
  'one client changes': () => <Changing />,
};
