import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Dialect } from '../../db/connection.js';
import { containsPattern, likeAnyCase } from '../../db/like.js';
import { preparedByShape } from '../../db/prepared.js';
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

interface FoundRow {
  kind: number;
  id: number;
  name: string;
  price: number;
  ean_code: string | null;
  quantity_on_hand: number | null;
}

/** The kinds in the answer's order after an exact barcode: services, products, packages. */
const SERVICE = 0;
const PRODUCT = 1;
const PACKAGE = 2;

/**
 * One statement for the three kinds, each its own first `limit` in its own order: one round
 * trip to the database instead of three per keystroke (on PostgreSQL each is a wake-up of a
 * server process; under load they, not the few hundred rows read, were the search's cost).
 * The outer order restates each kind's, as a union keeps no order of its parts. Prepared once
 * per engine: on SQLite a `like` whose pattern the planner sees is compiled again on every run.
 */
const itemsFound = preparedByShape((db, p: { q: string; pattern: string; limit: number }, dialect: Dialect) => {
  const byName = likeAnyCase(dialect, sql`name`, p.pattern);
  const statement = sql<FoundRow>`
    select kind, id, name, price, ean_code, quantity_on_hand from (
      select * from (
        select ${sql.lit(SERVICE)} as kind, 1 as ean_first, lower(name) as sort_name, id, name, price,
          cast(null as text) as ean_code, cast(null as integer) as quantity_on_hand
        from services where active = 1 and ${byName}
        order by lower(name), id limit ${p.limit}
      ) as found_services
      union all
      select * from (
        select ${sql.lit(PRODUCT)} as kind, case when ean_code = ${p.q} then 0 else 1 end as ean_first,
          lower(name) as sort_name, id, name, price, ean_code, quantity_on_hand
        from products
        where active = 1 and (ean_code = ${p.q} or ${byName} or ${likeAnyCase(dialect, sql`sku`, p.pattern)})
        -- The exact barcode first, then by name.
        order by case when ean_code = ${p.q} then 0 else 1 end, lower(name), id limit ${p.limit}
      ) as found_products
      union all
      select * from (
        select ${sql.lit(PACKAGE)} as kind, 1 as ean_first, lower(name) as sort_name, id, name, price,
          cast(null as text) as ean_code, cast(null as integer) as quantity_on_hand
        from packages where active = 1 and ${byName}
        order by lower(name), id limit ${p.limit}
      ) as found_packages
    ) as found
    order by kind, ean_first, sort_name, id`;
  return { compile: () => statement.compile(db) };
});

export async function searchItems(db: Executor, input: ItemSearchInput, dialect: Dialect): Promise<ItemSearchOutput[]> {
  const q = input.q.trim();
  const limit = Math.min(input.limit ?? 20, MAX_PER_KIND);
  const rows = await itemsFound.all(db, dialect, { q, pattern: containsPattern(q), limit });
  const of = (kind: number) => rows.filter((row) => Number(row.kind) === kind);
  const products = of(PRODUCT);
  const byEan = products.filter((product) => product.ean_code === q);
  const item = (type: ItemSearchOutput['type'], row: FoundRow, eanMatch: boolean): ItemSearchOutput => ({
    type,
    id: row.id,
    name: row.name,
    price: fromCents(row.price),
    ean_match: eanMatch,
    in_stock: type === 'product' ? row.quantity_on_hand : null,
  });
  return [
    ...byEan.map((row) => item('product', row, true)),
    ...of(SERVICE).map((row) => item('service', row, false)),
    ...products.filter((product) => product.ean_code !== q).map((row) => item('product', row, false)),
    ...of(PACKAGE).map((row) => item('package', row, false)),
  ];
}
