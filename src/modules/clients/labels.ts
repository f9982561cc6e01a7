import { expressionBuilder, sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { ClientLabelsTable, DB } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { inListShape, listOf, listValues, preparedByShape } from '../../db/prepared.js';
import { conflict, notFound } from '../../lib/errors.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { LabelCreateInput, LabelOutput, LabelUpdateInput } from './schemas.js';

type LabelRow = Selectable<ClientLabelsTable>;

/** Label names are unique whatever their case: `name_key` is the lower-cased, trimmed name. */
export function labelKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * The client whose id is `clientId` (a column of the outer query, `sql.ref('c.id')`) holds at
 * least one of the labels whose keys (labelKey) are `keys`: the client list's label filter and
 * a campaign segment's labels.
 */
export function holdsAnyLabel(clientId: Expression<number>, keys: readonly string[]): Expression<SqlBool> {
  const eb = expressionBuilder<DB, never>();
  return eb.exists(
    eb
      .selectFrom('client_label_assignments as a')
      .innerJoin('client_labels as l', 'l.id', 'a.label_id')
      .select('a.client_id')
      .where('a.client_id', '=', clientId)
      .where('l.name_key', 'in', keys),
  );
}

/** The column default of migration 0004, written out because db/types.ts does not mark it generated. */
export const DEFAULT_LABEL_COLOR = '#6e56cf';

const labelTaken = () => conflict('label_exists', 'A label with this name already exists');

function toLabel(row: LabelRow & { client_count: number }, timezone: string): LabelOutput {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    client_count: Number(row.client_count),
    created_at: formatInstant(row.created_at, timezone),
  };
}

function selectLabels(executor: Executor) {
  return executor
    .selectFrom('client_labels as l')
    .selectAll('l')
    .select((eb) =>
      eb
        .selectFrom('client_label_assignments as a')
        .whereRef('a.label_id', '=', 'l.id')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('client_count'),
    );
}

async function readLabel(executor: Executor, id: number, timezone: string): Promise<LabelOutput> {
  const row = await selectLabels(executor).where('l.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Label');
  return toLabel({ ...row, client_count: row.client_count ?? 0 }, timezone);
}

/** Every label with the number of clients carrying it, by name (case-insensitive), then id. */
export async function listLabels(db: Kysely<DB>): Promise<LabelOutput[]> {
  const timezone = await readTimezone(db);
  const rows = await selectLabels(db)
    .orderBy(sql`lower(l.name)`)
    .orderBy('l.id')
    .execute();
  return rows.map((row) => toLabel({ ...row, client_count: row.client_count ?? 0 }, timezone));
}

export async function createLabel(db: Kysely<DB>, input: LabelCreateInput): Promise<LabelOutput> {
  const name = input.name.trim();
  let id: number;
  try {
    const row = await db
      .insertInto('client_labels')
      .values({
        name,
        name_key: labelKey(name),
        color: input.color?.toLowerCase() ?? DEFAULT_LABEL_COLOR,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw labelTaken();
    throw error;
  }
  return readLabel(db, id, await readTimezone(db));
}

/** Renaming to a name another label has (in any case) is 409; changing only the case is fine. */
export async function updateLabel(db: Kysely<DB>, id: number, input: LabelUpdateInput): Promise<LabelOutput> {
  const changes: Partial<Pick<LabelRow, 'name' | 'name_key' | 'color'>> = {};
  if (input.name !== undefined) {
    changes.name = input.name.trim();
    changes.name_key = labelKey(input.name);
  }
  if (input.color !== undefined) changes.color = input.color.toLowerCase();
  const timezone = await readTimezone(db);
  if (Object.keys(changes).length > 0) {
    try {
      const result = await db.updateTable('client_labels').set(changes).where('id', '=', id).executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw notFound('Label');
    } catch (error) {
      if (isUniqueViolation(error)) throw labelTaken();
      throw error;
    }
  }
  return readLabel(db, id, timezone);
}

/** Removes the label and every assignment of it. */
export async function deleteLabel(db: Kysely<DB>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('client_label_assignments').where('label_id', '=', id).execute();
    const result = await trx.deleteFrom('client_labels').where('id', '=', id).executeTakeFirst();
    if (result.numDeletedRows === 0n) throw notFound('Label');
  });
}

// ---------------------------------------------------------------- labels of clients

/**
 * The ids of the labels named, creating those that do not exist yet. `on conflict do
 * nothing` keeps two requests that create the same new label at once from failing: the
 * second waits for the first and then finds its row.
 */
export async function ensureLabels(trx: Executor, names: readonly string[]): Promise<number[]> {
  const byKey = new Map<string, string>();
  for (const name of names) {
    const key = labelKey(name);
    if (!byKey.has(key)) byKey.set(key, name.trim());
  }
  if (byKey.size === 0) return [];
  const now = nowIso();
  await trx
    .insertInto('client_labels')
    .values([...byKey].map(([key, name]) => ({ name, name_key: key, color: DEFAULT_LABEL_COLOR, created_at: now })))
    .onConflict((oc) => oc.column('name_key').doNothing())
    .execute();
  const rows = await trx
    .selectFrom('client_labels')
    .select('id')
    .where('name_key', 'in', [...byKey.keys()])
    .execute();
  return rows.map((r) => r.id);
}

/** Replaces the client's whole label set with the labels named. */
export async function setClientLabels(trx: Executor, clientId: number, names: readonly string[]): Promise<void> {
  const ids = await ensureLabels(trx, names);
  await trx.deleteFrom('client_label_assignments').where('client_id', '=', clientId).execute();
  if (ids.length > 0) {
    await trx
      .insertInto('client_label_assignments')
      .values(ids.map((label_id) => ({ client_id: clientId, label_id })))
      .execute();
  }
}

/** The label names of each client given, sorted case-insensitively: one query for a whole page. */
/** Ids per query: a list without `page` holds every client, and drivers cap bound parameters. */
const IDS_PER_QUERY = 500;

export async function labelNamesOf(executor: Executor, clientIds: readonly number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>(clientIds.map((id) => [id, []]));
  for (let start = 0; start < clientIds.length; start += IDS_PER_QUERY) {
    const ids = clientIds.slice(start, start + IDS_PER_QUERY);
    const shape = inListShape(ids.length);
    const rows = await labelNamesOfIds.all(executor, shape, listValues('id', ids, shape));
    for (const row of rows) names.get(row.client_id)?.push(row.name);
  }
  return names;
}

/** Every list of clients asks for its page's labels: built once per length of the ids' list. */
const labelNamesOfIds = preparedByShape((db, p: Record<string, number>, ids: number) =>
  db
    .selectFrom('client_label_assignments as a')
    .innerJoin('client_labels as l', 'l.id', 'a.label_id')
    .select(['a.client_id', 'l.name'])
    .where('a.client_id', 'in', listOf<number>(p, 'id', ids))
    .orderBy(sql`lower(l.name)`)
    .orderBy('l.id'),
);

/** The labels of one client with their colours (for the GDPR export). */
export async function labelsOf(executor: Executor, clientId: number): Promise<Array<{ name: string; color: string }>> {
  return executor
    .selectFrom('client_label_assignments as a')
    .innerJoin('client_labels as l', 'l.id', 'a.label_id')
    .select(['l.name', 'l.color'])
    .where('a.client_id', '=', clientId)
    .orderBy(sql`lower(l.name)`)
    .orderBy('l.id')
    .execute();
}

/**
 * Moves the labels of `fromId` onto `toId` (a label both carry stays once) and removes
 * them from `fromId`: the label step of merging duplicates.
 */
export async function moveClientLabels(trx: Executor, fromId: number, toId: number): Promise<void> {
  await sql`
    insert into client_label_assignments (client_id, label_id)
    select ${toId}, label_id from client_label_assignments a
    where a.client_id = ${fromId}
      and not exists (
        select 1 from client_label_assignments b where b.client_id = ${toId} and b.label_id = a.label_id
      )
  `.execute(trx);
  await trx.deleteFrom('client_label_assignments').where('client_id', '=', fromId).execute();
}
