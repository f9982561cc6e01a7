import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, LocationsTable } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { notFound } from '../../lib/errors.js';
import { formatInstant } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { LocationOutput } from './schemas.js';

/* The salon's locations as the API shows them: the list and one location. */

export type LocationRow = Selectable<LocationsTable>;

export function toLocation(row: LocationRow, timezone: string): LocationOutput {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    is_default: row.is_default === 1 ? 1 : 0,
    active: row.active === 1 ? 1 : 0,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

/** Ordered by name (case-insensitive), then id: the same on both engines. */
export async function listLocations(db: Kysely<DB>, filter: { active?: boolean | undefined }) {
  const timezone = await readTimezone(db);
  let query = db.selectFrom('locations').selectAll();
  if (filter.active !== undefined) query = query.where('active', '=', filter.active ? 1 : 0);
  const rows = await query
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map((row) => toLocation(row, timezone));
}

export async function findLocation(executor: Executor, id: number): Promise<LocationRow> {
  const row = await executor.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Location');
  return row;
}

export async function getLocation(db: Kysely<DB>, id: number): Promise<LocationOutput> {
  const row = await findLocation(db, id);
  return toLocation(row, await readTimezone(db));
}
