import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { badRequest } from '../../lib/errors.js';
import type { ImportKind } from './presets.js';

/*
 * The reads the importer matches rows with: by natural key, live records only (clients not
 * erased or merged away, active services and products). Names compare without case through
 * SQL lower() on both sides, so a name matches itself on both engines whatever its letters
 * (SQLite's lower() folds only ASCII).
 */

/** The first two ids a query finds: none, one, or "more than one". */
const TWO = 2;

/** Live clients with this (lower-cased) email. */
export async function clientIdsByEmail(db: Executor, email: string): Promise<number[]> {
  const rows = await db
    .selectFrom('clients')
    .select('id')
    .where('email', '=', email)
    .where('erased_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .limit(TWO)
    .execute();
  return rows.map((r) => r.id);
}

/** Live clients with this E.164 phone; `withoutEmail`: only those who have no email. */
export async function clientIdsByPhone(db: Executor, phone: string, withoutEmail: boolean): Promise<number[]> {
  let query = db
    .selectFrom('clients')
    .select('id')
    .where('phone', '=', phone)
    .where('erased_at', 'is', null)
    .where('merged_into_id', 'is', null);
  if (withoutEmail) query = query.where('email', 'is', null);
  const rows = await query.orderBy('id').limit(TWO).execute();
  return rows.map((r) => r.id);
}

/** Live clients with this name and neither email nor phone. */
export async function clientIdsByNameOnly(db: Executor, name: string): Promise<number[]> {
  const rows = await db
    .selectFrom('clients')
    .select('id')
    .where(sql`lower(name)`, '=', sql`lower(${name})`)
    .where('email', 'is', null)
    .where('phone', '=', '')
    .where('erased_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .orderBy('id')
    .limit(TWO)
    .execute();
  return rows.map((r) => r.id);
}

/** Active services with this name, in this category (null: none) or, with `undefined`, in any. */
export async function serviceIds(db: Executor, name: string, categoryId: number | null | undefined): Promise<number[]> {
  let query = db
    .selectFrom('services')
    .select('id')
    .where(sql`lower(name)`, '=', sql`lower(${name})`)
    .where('active', '=', 1);
  if (categoryId !== undefined) query = query.where('category_id', categoryId === null ? 'is' : '=', categoryId);
  const rows = await query.orderBy('id').limit(TWO).execute();
  return rows.map((r) => r.id);
}

/** Active products by SKU (any case), EAN code or name (any case). */
export async function productIds(db: Executor, by: 'sku' | 'ean_code' | 'name', value: string): Promise<number[]> {
  let query = db.selectFrom('products').select('id').where('active', '=', 1);
  query =
    by === 'ean_code'
      ? query.where('ean_code', '=', value)
      : query.where(sql`lower(${sql.ref(by)})`, '=', sql`lower(${value})`);
  const rows = await query.orderBy('id').limit(TWO).execute();
  return rows.map((r) => r.id);
}

interface Named {
  id: number;
  name: string;
}

/**
 * The rows that cells name by their name (categories, suppliers) and the VAT rates, read once
 * per batch: small tables, compared without case in JavaScript.
 */
export interface Lookups {
  categories: Map<string, number[]>;
  suppliers: Map<string, number[]>;
  vatRates: Array<{ id: number; name: string; percentage: number; is_default: number }>;
}

function byName(rows: Named[]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const row of rows) {
    const key = row.name.trim().toLowerCase();
    map.set(key, [...(map.get(key) ?? []), row.id]);
  }
  return map;
}

export async function loadLookups(db: Executor, kind: ImportKind): Promise<Lookups> {
  if (kind === 'clients') return { categories: new Map(), suppliers: new Map(), vatRates: [] };
  const categoryTable = kind === 'services' ? 'service_categories' : 'product_categories';
  const [categories, suppliers, vatRates] = await Promise.all([
    db.selectFrom(categoryTable).select(['id', 'name']).orderBy('id').execute(),
    kind === 'products' ? db.selectFrom('suppliers').select(['id', 'name']).orderBy('id').execute() : [],
    db
      .selectFrom('vat_rates')
      .select(['id', 'name', 'percentage', 'is_default'])
      .where('is_disabled', '=', 0)
      .orderBy('id')
      .execute(),
  ]);
  return { categories: byName(categories), suppliers: byName(suppliers), vatRates };
}

/** The id of the one row named `name` in `map`; 400 `unknown_<what>` or `ambiguous_<what>` otherwise. */
export function idByName(map: Map<string, number[]>, name: string, what: 'category' | 'supplier', field: string) {
  const ids = map.get(name.trim().toLowerCase()) ?? [];
  if (ids.length === 1) return ids[0]!;
  const noun = what === 'category' ? 'category' : 'supplier';
  if (ids.length === 0) {
    throw badRequest(`unknown_${what}`, `No ${noun} is named "${name}": create it first, or correct the file`, [
      { field, message: `names no existing ${noun}: ${name}` },
    ]);
  }
  throw badRequest(
    `ambiguous_${what}`,
    `${ids.length} ${noun === 'category' ? 'categories' : 'suppliers'} are named "${name}"`,
    [{ field, message: `names more than one ${noun}: ${name}` }],
  );
}

/**
 * The enabled VAT rate a cell names: by its name (`Hoog`), else by its percentage (`21`,
 * `21%`); of several with that percentage the default one, else the oldest.
 */
export function vatRateId(lookups: Lookups, text: string, percentage: number | null): number {
  const named = lookups.vatRates.filter((r) => r.name.trim().toLowerCase() === text.trim().toLowerCase());
  const found = named.length > 0 ? named : lookups.vatRates.filter((r) => r.percentage === percentage);
  const chosen = found.find((r) => r.is_default === 1) ?? found[0];
  if (!chosen) {
    throw badRequest('unknown_vat_rate', `No enabled VAT rate is named or set at "${text}"`, [
      { field: 'vat_rate', message: `names no enabled VAT rate: ${text}` },
    ]);
  }
  return chosen.id;
}
