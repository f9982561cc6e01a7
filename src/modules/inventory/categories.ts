import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import { categoryStore } from '../../db/categories.js';
import type { DB } from '../../db/types.js';
import type { ProductCategoryCreateInput, ProductCategoryOutput, ProductCategoryUpdateInput } from './schemas.js';

const categories = categoryStore('product_categories', 'Product category');

/** Every product category, by position, then id. */
export function listCategories(db: Kysely<DB>): Promise<ProductCategoryOutput[]> {
  return categories.list(db);
}

export function createCategory(ctx: AppContext, input: ProductCategoryCreateInput): Promise<ProductCategoryOutput> {
  return categories.create(ctx.db, input);
}

export function updateCategory(
  ctx: AppContext,
  id: number,
  input: ProductCategoryUpdateInput,
): Promise<ProductCategoryOutput> {
  return categories.update(ctx.db, id, input);
}

/** The products of a deleted category stay, without a category (ON DELETE SET NULL). */
export function deleteCategory(ctx: AppContext, id: number): Promise<void> {
  return categories.remove(ctx.db, id);
}
