import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { DB } from '../../db/types.js';
import { containsPattern, likeAnyCase, likeEscaped } from '../../db/like.js';
import { paginate, paginateCounted, type Page } from '../../http/pagination.js';
import { readTimezone } from '../settings/service.js';
import { e164OfSearch } from '../sms/service.js';
import { holdsAnyLabel, labelKey, labelNamesOf } from './labels.js';
import { candidatesQuery } from './search-trigrams.js';
import { searchPage } from './search-results.js';
import type { ClientListInput, ClientOutput } from './schemas.js';
import { toClient, type ClientRow } from './record.js';
import { inListShape, listOf, listValues, preparedByShape } from '../../db/prepared.js';

/** Spaces and dashes do not count in phone numbers: `06-1234 5678` is found by `0612345678`. */
function stripPhone(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/**
 * Clients by name (case-insensitive), then id, unless `sort`/`order` ask for another order: one
 * query for the rows (a search's page with its total), one for their labels (the whole page at
 * once) and, when paginated without a search, one count. A broad search asked again reads its
 * page from the matches kept for it (search-results.ts). Erased and merged-away clients are left
 * out unless `include_inactive`.
 */
export async function listClients(
  db: Kysely<DB>,
  filter: ClientListInput,
  dialect: Dialect,
): Promise<ClientOutput[] | Page<ClientOutput>> {
  const timezone = await readTimezone(db);
  const search = filter.search?.trim() ?? '';
  const label = filter.label?.trim() ?? '';
  // Phones are stored in E.164: `06 1234 5678` finds `+31612345678`.
  const e164 = search ? await e164OfSearch(db, search) : null;
  // What the filter finds, worked out when a statement needs it: a broad search asked again
  // reads its page from the matches kept for it and needs none.
  let filterOf: Promise<ClientFilter> | undefined;
  const clientFilter = () => (filterOf ??= clientFilterOf(db, { ...filter, search, label }, e164, dialect));
  const matching = async () => {
    const { shape, values } = await clientFilter();
    return whereFilter(db.selectFrom('clients'), shape, values);
  };
  const direction = filter.order === 'desc' ? 'desc' : 'asc';
  const sort = filter.sort === 'created_at' ? 'created_at' : 'name';
  const count = async () =>
    (await (await matching()).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  const pageAndTotal = (page: number) =>
    paginateCounted(
      async (limit, offset) => {
        const { shape, values } = await clientFilter();
        return searchPageStatement.all(db, JSON.stringify({ ...shape, sort, direction } satisfies PageShape), {
          ...values,
          limit,
          offset,
        });
      },
      (row) => row.total ?? 0,
      count,
      { ...filter, page },
      ({ total: _total, ...row }) => row,
    );
  const pageNumber = filter.page;
  const result =
    search && pageNumber !== undefined
      ? label
        ? await pageAndTotal(pageNumber)
        : // A broad search's ordered matches are kept while no client changes (search-results.ts).
          await searchPage(
            db,
            JSON.stringify([search, e164, filter.include_inactive === true, sort, direction]),
            { page: pageNumber, limit: filter.limit },
            {
              pageAndTotal: () => pageAndTotal(pageNumber),
              orderedIds: async () => {
                const first = orderKey(sort, true);
                const query = (await matching()).select('id').orderBy(first, direction).orderBy('id', direction);
                return (await query.execute()).map((r) => r.id);
              },
              rowsOf: (ids) => clientsOfIds(db, ids),
            },
          )
      : await paginate(
          (await matching())
            .selectAll()
            .orderBy(orderKey(sort, search !== ''), direction)
            .orderBy('id', direction),
          count,
          filter,
          (row) => row,
          {
            count: 'when-needed',
          },
        );
  const rows = Array.isArray(result) ? result : result.data;
  const labels = await labelNamesOf(
    db,
    rows.map((r) => r.id),
  );
  const data = rows.map((row) => toClient(row, labels.get(row.id) ?? [], timezone));
  return Array.isArray(result) ? data : { ...result, data };
}

/**
 * Each order has an index in the same order ((lower(name), id) and (created_at, id)), read
 * forwards or backwards, so a page is the index's next rows rather than a sort of the table.
 * Not with a search: a contains-match (`%text%`) reads every client whatever the order, and
 * walking the index fetches them one by one in its order, which on SQLite took 2.7 s for a
 * rare match of 200,000 clients against 0.5 s for reading the table and sorting the few found.
 * `|| ''` keeps the same order while matching no index, so each engine reads the table.
 */
function orderKey(sort: 'name' | 'created_at', searched: boolean): RawBuilder<string> {
  const column = sort === 'created_at' ? sql<string>`created_at` : sql<string>`lower(name)`;
  return searched ? sql<string>`${column} || ''` : column;
}

/** Which parts of the filter a list has: the shape of its statement, whatever the values. */
interface FilterShape {
  dialect: Dialect;
  inactive: boolean;
  search: boolean;
  /** The search names its candidates through SQLite's search indexes. */
  candidates: boolean;
  /** The search is a whole phone number, also found by its E.164 form. */
  e164: boolean;
  /** The search holds more than spaces and dashes, so phones are searched too. */
  phone: boolean;
  label: boolean;
}

/** The filter's values, or in a prepared query their placeholders. */
interface FilterValues extends Record<string, unknown> {
  pattern: string;
  phonePattern: string;
  /** The range of the names' suffixes holding the search (search-trigrams.ts). */
  nameFrom: string;
  nameTo: string;
  /** The FTS5 queries of the emails' index and of the phones' (search-trigrams.ts). */
  emailCandidates: string;
  phoneCandidates: string;
  e164: string;
  labelKey: string;
}

interface ClientFilter {
  shape: FilterShape;
  values: FilterValues;
}

async function clientFilterOf(
  db: Kysely<DB>,
  filter: ClientListInput & { search: string; label: string },
  e164: string | null,
  dialect: Dialect,
): Promise<ClientFilter> {
  const { search, label } = filter;
  const phone = stripPhone(search);
  // On SQLite the search indexes name the candidates (a superset: each folds case at least as
  // widely as LIKE), read in the same statement; a phone in E.164 is found through its own
  // index. The `like`s still decide, so the indexes change only what is read. PostgreSQL's
  // trigram indexes are on the `like`s' own expressions and need no hint.
  const candidates = search && dialect === 'sqlite' ? await candidatesQuery(db, search, phone) : null;
  return {
    shape: {
      dialect,
      inactive: filter.include_inactive === true,
      search: search !== '',
      candidates: candidates !== null,
      e164: e164 !== null,
      phone: phone !== '',
      label: label !== '',
    },
    values: {
      pattern: containsPattern(search),
      phonePattern: containsPattern(phone),
      nameFrom: candidates?.names.from ?? '',
      nameTo: candidates?.names.to ?? '',
      emailCandidates: candidates?.emails ?? '',
      phoneCandidates: candidates?.phones ?? '',
      e164: e164 ?? '',
      labelKey: labelKey(label),
    },
  };
}

type Clients = SelectQueryBuilder<DB, 'clients', object>;

/**
 * `clients` narrowed to what the list's filter finds: live clients unless `include_inactive`,
 * those whose name, email or phone holds the search (or whose phone is the search's E.164), and
 * those with the label. Built from the shape alone, so that a prepared query can give it
 * placeholders for the values.
 */
function whereFilter(clients: Clients, shape: FilterShape, values: FilterValues): Clients {
  let base = clients;
  if (!shape.inactive) base = base.where('erased_at', 'is', null).where('merged_into_id', 'is', null);
  if (shape.candidates) {
    const byPhone = shape.phone
      ? sql` union all select rowid from clients_search_phones where clients_search_phones match ${values.phoneCandidates}`
      : sql``;
    const byE164 = shape.e164 ? sql` union all select id from clients where phone = ${values.e164}` : sql``;
    const byName = sql`select client_id from clients_search_name_suffixes where suffix >= ${values.nameFrom} and suffix < ${values.nameTo}`;
    const byEmail = sql`select rowid from clients_search_emails where clients_search_emails match ${values.emailCandidates}`;
    base = base.where(sql<boolean>`id in (${byName} union all ${byEmail}${byPhone}${byE164})`);
  }
  if (shape.search) {
    base = base.where((eb) =>
      eb.or([
        likeAnyCase(shape.dialect, sql`name`, values.pattern),
        likeAnyCase(shape.dialect, sql`email`, values.pattern),
        // replace() is the same on both engines; a search of only spaces and dashes skips it.
        ...(shape.phone ? [likeEscaped(sql`replace(replace(phone, ' ', ''), '-', '')`, values.phonePattern)] : []),
        ...(shape.e164 ? [eb('phone', '=', values.e164)] : []),
      ]),
    );
  }
  if (shape.label) base = base.where(holdsAnyLabel(sql.ref<number>('clients.id'), [values.labelKey]));
  return base;
}

interface PageShape extends FilterShape {
  sort: 'name' | 'created_at';
  direction: 'asc' | 'desc';
}

/**
 * A search's page with its total. A search reads every match to order them, so its statement
 * counts them too: the matches (their ids and order) read once into a table of the statement's
 * own, counted and ordered there, and only the page's rows read whole. Prepared once per shape
 * (the few combinations of the filter's parts and the order): building and compiling it was a
 * good part of a search's CPU, where a search of a phone or an email reads one client.
 */
const searchPageStatement = preparedByShape(
  (db, p: FilterValues & { limit: number; offset: number }, shapeKey: string) => {
    const shape = JSON.parse(shapeKey) as PageShape;
    const direction = shape.direction;
    return db
      .with(
        (cte) => cte('matches').materialized(),
        () => whereFilter(db.selectFrom('clients'), shape, p).select(['id', orderKey(shape.sort, true).as('sort_key')]),
      )
      .with('page', (qb) =>
        qb
          .selectFrom('matches')
          .selectAll()
          .orderBy('sort_key', direction)
          .orderBy('id', direction)
          .limit(p.limit)
          .offset(p.offset),
      )
      .selectFrom('page')
      .innerJoin('clients', 'clients.id', 'page.id')
      .selectAll('clients')
      .select((eb) => eb.selectFrom('matches').select(eb.fn.countAll<number | string>().as('n')).as('total'))
      .orderBy('page.sort_key', direction)
      .orderBy('page.id', direction);
  },
);

/** The clients of these ids (a kept search's page), in any order. */
function clientsOfIds(db: Kysely<DB>, ids: readonly number[]): Promise<ClientRow[]> {
  const shape = inListShape(ids.length);
  return clientsById.all(db, shape, listValues('id', ids, shape));
}

/** Built once per length of the ids' list (a page is at most MAX_LIMIT clients). */
const clientsById = preparedByShape((db, p: Record<string, number>, ids: number) =>
  db
    .selectFrom('clients')
    .selectAll()
    .where('id', 'in', listOf<number>(p, 'id', ids)),
);
