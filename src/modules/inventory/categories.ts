import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { ProductCategoryCreateInput, ProductCategoryOutput, ProductCategoryUpdateInput } from './schemas.js';

export const DEFAULT_CATEGORY_COLOR = '#6e56cf';

const COLUMNS = ['id', 'name', 'color', 'position'] as const;

function toCategory(row: { id: number; name: string; color: string; position: number }): ProductCategoryOutput {
  return { id: row.id, name: row.name, color: row.color, position: row.position };
}

/** Every product category, by position, then id (spec 4.4). */
export async function listCategories(db: Kysely<DB>): Promise<ProductCategoryOutput[]> {
  const rows = await db.selectFrom('product_categories').select(COLUMNS).orderBy('position').orderBy('id').execute();
  return rows.map(toCategory);
}

/** Without a `position`, a new category goes to the end of the list. */
export async function createCategory(ctx: AppContext, input: ProductCategoryCreateInput) {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const position =
      input.position ??
      (
        await trx
          .selectFrom('product_categories')
          .select(sql<number>`coalesce(max(position), -1) + 1`.as('next'))
          .executeTakeFirstOrThrow()
      ).next;
    const now = nowIso();
    return trx
      .insertInto('product_categories')
      .values({
        name: input.name.trim(),
        color: (input.color ?? DEFAULT_CATEGORY_COLOR).toLowerCase(),
        position,
        created_at: now,
        updated_at: now,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return toCategory(row);
}

/** Only the fields present change. */
export async function updateCategory(ctx: AppContext, id: number, input: ProductCategoryUpdateInput) {
  const changes: { name?: string; color?: string; position?: number } = {};
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.color !== undefined) changes.color = input.color.toLowerCase();
  if (input.position !== undefined) changes.position = input.position;
  const query =
    Object.keys(changes).length === 0
      ? ctx.db.selectFrom('product_categories').select(COLUMNS).where('id', '=', id)
      : ctx.db
          .updateTable('product_categories')
          .set({ ...changes, updated_at: nowIso() })
          .where('id', '=', id)
          .returning(COLUMNS);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Product category');
  return toCategory(row);
}

/** The products of a deleted category stay, without a category (ON DELETE SET NULL). */
export async function deleteCategory(ctx: AppContext, id: number): Promise<void> {
  const result = await ctx.db.deleteFrom('product_categories').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound('Product category');
}
