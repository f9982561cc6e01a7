import type { Kysely } from 'kysely';
import type { DB, ProductsTable } from '../../src/db/types.js';

let counter = 0;

/**
 * A product row written straight to the database, for tests of other modules that need
 * stock to exist (purchase orders, sales). Money in cents. Tests of the product API itself
 * create products through the API instead.
 */
export async function insertProduct(
  db: Kysely<DB>,
  overrides: Partial<Omit<ProductsTable, 'id'>> = {},
): Promise<{ id: number; name: string; sku: string; quantity_on_hand: number }> {
  counter += 1;
  const now = new Date().toISOString();
  return db
    .insertInto('products')
    .values({
      name: `Test product ${process.pid}-${counter}`,
      sku: `SKU-${process.pid}-${counter}`,
      price: 1995,
      purchase_price: 900,
      quantity_on_hand: 10,
      low_stock_threshold: 5,
      category_id: null,
      supplier_id: null,
      vat_rate_id: null,
      ean_code: '',
      article_number: `TEST${process.pid}${counter}`,
      active: 1,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returning(['id', 'name', 'sku', 'quantity_on_hand'])
    .executeTakeFirstOrThrow();
}
