import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import { categoryStore } from '../../db/categories.js';
import type { DB } from '../../db/types.js';
import type { ServiceCategoryCreateInput, ServiceCategoryOutput, ServiceCategoryUpdateInput } from './schemas.js';

/*
 * Service categories, stored like the product categories; the services of a deleted one stay,
 * without a category.
 */

const categories = categoryStore('service_categories', 'Service category');

/** Every service category, by position, then id. */
export function listCategories(db: Kysely<DB>): Promise<ServiceCategoryOutput[]> {
  return categories.list(db);
}

export function createCategory(ctx: AppContext, input: ServiceCategoryCreateInput): Promise<ServiceCategoryOutput> {
  return categories.create(ctx.db, input);
}

export function updateCategory(
  ctx: AppContext,
  id: number,
  input: ServiceCategoryUpdateInput,
): Promise<ServiceCategoryOutput> {
  return categories.update(ctx.db, id, input);
}

/** The services of a deleted category stay, without a category (ON DELETE SET NULL). */
export function deleteCategory(ctx: AppContext, id: number): Promise<void> {
  return categories.remove(ctx.db, id);
}
