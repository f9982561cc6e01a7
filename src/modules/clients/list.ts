import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { DB } from '../../db/types.js';
import { containsPattern, likeAnyCase, likeEscaped } from '../../db/like.js';
import { paginate, paginateCounted, type Page } from '../../http/pagination.js';
import { readTimezone } from '../settings/service.js';
import { e164OfSearch } from '../sms/service.js';
import { labelKey, labelNamesOf } from './labels.js';
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
  const search = filter.search?.trim();
  const label = filter.label?.trim();
  // Phones are stored in E.164: `06 1234 5678` finds `+31612345678`.
  const e164 = search ? await e164OfSearch(db, search) : null;
  // The clients the filter finds, built when a statement needs them: a broad search asked again
  // reads its page from the matches kept for it and needs none.
  let filtered: Promise<typeof unfiltered> | undefined;
  const unfiltered = db.selectFrom('clients');
  const matching = () => (filtered ??= whereFilter(db, unfiltered, { ...filter, search, label }, e164, dialect));
  // Each order has an index in the same order ((lower(name), id) and (created_at, id)), read
  // forwards or backwards, so a page is the index's next rows rather than a sort of the table.
  // Not with a search: a contains-match (`%text%`) reads every client whatever the order, and
  // walking the index fetches them one by one in its order, which on SQLite took 2.7 s for a
  // rare match of 200,000 clients against 0.5 s for reading the table and sorting the few found.
  // `|| ''` keeps the same order while matching no index, so each engine reads the table.
  const direction = filter.order === 'desc' ? 'desc' : 'asc';
  const column = filter.sort === 'created_at' ? sql`created_at` : sql`lower(name)`;
  const first = search ? sql`${column} || ''` : column;
  const count = async () =>
    (await (await matching()).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  // A search's page reads every match to order them, so its statement counts them too: the
  // matches (their ids and order) read once into a table of the statement's own, counted and
  // ordered there, and only the page's rows read whole. Without a search the page is the index's
  // next rows and the count its own query.
  const pageAndTotal = (page: number) =>
    paginateCounted(
      async (limit, offset) => {
        const base = await matching();
        return db
          .with(
            (cte) => cte('matches').materialized(),
            () => base.select(['id', sql<string>`${first}`.as('sort_key')]),
          )
          .with('page', (qb) =>
            qb
              .selectFrom('matches')
              .selectAll()
              .orderBy('sort_key', direction)
              .orderBy('id', direction)
              .limit(limit)
              .offset(offset),
          )
          .selectFrom('page')
          .innerJoin('clients', 'clients.id', 'page.id')
          .selectAll('clients')
          .select((eb) => eb.selectFrom('matches').select(eb.fn.countAll<number | string>().as('n')).as('total'))
          .orderBy('page.sort_key', direction)
          .orderBy('page.id', direction)
          .execute();
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
            JSON.stringify([search, e164, filter.include_inactive === true, filter.sort ?? 'name', direction]),
            { page: pageNumber, limit: filter.limit },
            {
              pageAndTotal: () => pageAndTotal(pageNumber),
              orderedIds: async () =>
                (
                  await (await matching()).select('id').orderBy(first, direction).orderBy('id', direction).execute()
                ).map((r) => r.id),
              rowsOf: (ids) => clientsOfIds(db, ids),
            },
          )
      : await paginate(
          (await matching()).selectAll().orderBy(first, direction).orderBy('id', direction),
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

type Clients = SelectQueryBuilder<DB, 'clients', object>;

/**
 * `clients` narrowed to what the list's filter finds: live clients unless `include_inactive`,
 * those whose name, email or phone holds the search (or whose phone is the search's E.164), and
 * those with the label.
 */
async function whereFilter(
  db: Kysely<DB>,
  clients: Clients,
  filter: ClientListInput,
  e164: string | null,
  dialect: Dialect,
): Promise<Clients> {
  let base = clients;
  if (filter.include_inactive !== true) {
    base = base.where('erased_at', 'is', null).where('merged_into_id', 'is', null);
  }
  const search = filter.search;
  if (search) {
    const pattern = containsPattern(search);
    const phone = stripPhone(search);
    // On SQLite the trigram index names the candidates (a superset: it folds case at least as
    // widely as lower()), read in the same statement; a phone in E.164 is found through its own
    // index. The `like`s below still decide, so the index changes only what is read.
    // PostgreSQL's trigram indexes are on the `like`s' own expressions and need no hint.
    const candidates = dialect === 'sqlite' ? await candidatesQuery(db, search, phone) : null;
    if (candidates !== null) {
      const byE164 = e164 ? sql` union all select id from clients where phone = ${e164}` : sql``;
      base = base.where(
        sql<boolean>`id in (select rowid from clients_search where clients_search match ${candidates}${byE164})`,
      );
    }
    base = base.where((eb) =>
      eb.or([
        likeAnyCase(dialect, sql`name`, pattern),
        likeAnyCase(dialect, sql`email`, pattern),
        // replace() is the same on both engines; a search of only spaces and dashes skips it.
        ...(phone ? [likeEscaped(sql`replace(replace(phone, ' ', ''), '-', '')`, containsPattern(phone))] : []),
        ...(e164 ? [eb('phone', '=', e164)] : []),
      ]),
    );
  }
  const label = filter.label;
  if (label) {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('client_label_assignments as a')
          .innerJoin('client_labels as l', 'l.id', 'a.label_id')
          .select('a.client_id')
          .whereRef('a.client_id', '=', 'clients.id')
          .where('l.name_key', '=', labelKey(label)),
      ),
    );
  }
  return base;
}

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
