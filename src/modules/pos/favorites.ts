import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { nowIso } from '../../lib/time.js';
import type { FavoriteOutput, FavoritesInput } from './schemas.js';

/*
 * Each staff member's favourite till items, by position (then id). `PUT` replaces the whole
 * list in one transaction; an item that is later archived drops out of the list shown.
 */

export async function listFavorites(db: Kysely<DB>, userId: number): Promise<FavoriteOutput[]> {
  const rows = await db
    .selectFrom('pos_favorites as f')
    .leftJoin('services as s', (join) =>
      join.onRef('s.id', '=', 'f.item_id').on('f.item_type', '=', 'service').on('s.active', '=', 1),
    )
    .leftJoin('products as p', (join) =>
      join.onRef('p.id', '=', 'f.item_id').on('f.item_type', '=', 'product').on('p.active', '=', 1),
    )
    .leftJoin('packages as k', (join) =>
      join.onRef('k.id', '=', 'f.item_id').on('f.item_type', '=', 'package').on('k.active', '=', 1),
    )
    .select([
      'f.item_type',
      'f.item_id',
      'f.position',
      sql<string | null>`coalesce(s.name, p.name, k.name)`.as('name'),
      sql<number | null>`coalesce(s.price, p.price, k.price)`.as('price'),
    ])
    .where('f.user_id', '=', userId)
    .orderBy('f.position')
    .orderBy('f.id')
    .execute();
  return rows
    .filter((row) => row.name !== null)
    .map((row) => ({
      type: row.item_type,
      id: row.item_id,
      position: row.position,
      name: row.name ?? '',
      price: fromCents(Number(row.price)),
    }));
}

export async function saveFavorites(db: Kysely<DB>, userId: number, input: FavoritesInput): Promise<FavoriteOutput[]> {
  const seen = new Set<string>();
  input.forEach((entry, index) => {
    const key = `${entry.type}:${entry.id}`;
    if (seen.has(key)) {
      throw badRequest('validation_failed', 'An item appears twice in the favourites', [
        { field: `${index}.id`, message: 'is already in the list' },
      ]);
    }
    seen.add(key);
  });
  await db.transaction().execute(async (trx) => {
    for (const type of ['service', 'product', 'package'] as const) {
      const ids = input.filter((entry) => entry.type === type).map((entry) => entry.id);
      if (ids.length === 0) continue;
      const table = (type === 'service' ? 'services' : type === 'product' ? 'products' : 'packages') as 'services';
      const found = await trx.selectFrom(table).select('id').where('id', 'in', ids).where('active', '=', 1).execute();
      const known = new Set(found.map((row) => row.id));
      const index = input.findIndex((entry) => entry.type === type && !known.has(entry.id));
      if (index >= 0) {
        throw badRequest('unknown_item', `No active ${type} has id ${input[index]?.id}`, [
          { field: `${index}.id`, message: `is not an active ${type}` },
        ]);
      }
    }
    await trx.deleteFrom('pos_favorites').where('user_id', '=', userId).execute();
    if (input.length > 0) {
      const now = nowIso();
      await trx
        .insertInto('pos_favorites')
        .values(
          input.map((entry) => ({
            user_id: userId,
            item_type: entry.type,
            item_id: entry.id,
            position: entry.position,
            created_at: now,
          })),
        )
        .execute();
    }
  });
  return listFavorites(db, userId);
}
