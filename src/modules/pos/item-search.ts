import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { containsPattern, likeEscaped } from '../../db/like.js';
import { fromCents } from '../../lib/money.js';
import type { ItemSearchInput, ItemSearchOutput } from './schemas.js';

/*
 * The till's search (GET /api/pos/items): what can be rung up, whatever its kind, in one
 * answer per keystroke. Active services, products and packages whose name holds the words
 * typed (case-insensitive, `%` and `_` literal); products also by SKU or EAN code. A product
 * whose `ean_code` is exactly what was typed comes first and is marked `ean_match`: a barcode
 * scanner types the code and Enter, and the till adds that product.
 */

const MAX_PER_KIND = 20;

export async function searchItems(db: Executor, input: ItemSearchInput): Promise<ItemSearchOutput[]> {
  const q = input.q.trim();
  const limit = Math.min(input.limit ?? 20, MAX_PER_KIND);
  const pattern = containsPattern(q);
  const [services, products, packages] = await Promise.all([
    db
      .selectFrom('services')
      .select(['id', 'name', 'price'])
      .where('active', '=', 1)
      .where(likeEscaped(sql`lower(name)`, pattern))
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('products')
      .select(['id', 'name', 'price', 'ean_code', 'quantity_on_hand'])
      .where('active', '=', 1)
      .where((eb) =>
        eb.or([eb('ean_code', '=', q), likeEscaped(sql`lower(name)`, pattern), likeEscaped(sql`lower(sku)`, pattern)]),
      )
      // The exact barcode first, then by name.
      .orderBy(sql`case when ean_code = ${q} then 0 else 1 end`)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('packages')
      .select(['id', 'name', 'price'])
      .where('active', '=', 1)
      .where(likeEscaped(sql`lower(name)`, pattern))
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(limit)
      .execute(),
  ]);
  const byEan = products.filter((product) => product.ean_code === q);
  return [
    ...byEan.map((row) => ({
      type: 'product' as const,
      id: row.id,
      name: row.name,
      price: fromCents(row.price),
      ean_match: true,
      in_stock: row.quantity_on_hand,
    })),
    ...services.map((row) => ({
      type: 'service' as const,
      id: row.id,
      name: row.name,
      price: fromCents(row.price),
      ean_match: false,
      in_stock: null,
    })),
    ...products
      .filter((product) => product.ean_code !== q)
      .map((row) => ({
        type: 'product' as const,
        id: row.id,
        name: row.name,
        price: fromCents(row.price),
        ean_match: false,
        in_stock: row.quantity_on_hand,
      })),
    ...packages.map((row) => ({
      type: 'package' as const,
      id: row.id,
      name: row.name,
      price: fromCents(row.price),
      ean_match: false,
      in_stock: null,
    })),
  ];
}
