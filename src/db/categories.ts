import { sql, type Kysely } from 'kysely';
import { notFound } from '../lib/errors.js';
import { nowIso } from '../lib/time.js';
import type { DB } from './types.js';

export const DEFAULT_CATEGORY_COLOR = '#6e56cf';

export interface Category {
  id: number;
  name: string;
  color: string;
  position: number;
}

export interface CategoryInput {
  name?: string | undefined;
  color?: string | undefined;
  position?: number | undefined;
}

const COLUMNS = ['id', 'name', 'color', 'position'] as const;

/**
 * Service categories and product categories behave alike: ordered by
 * position, a default colour, a new one at the end of the list. One implementation, two
 * tables of the same shape.
 */
export function categoryStore(table: 'service_categories' | 'product_categories', label: string) {
  // Both tables share CategoriesTable; typing the name as one of them keeps Kysely's types.
  const name = table as 'service_categories';
  return {
    async list(db: Kysely<DB>): Promise<Category[]> {
      return db.selectFrom(name).select(COLUMNS).orderBy('position').orderBy('id').execute();
    },

    /** Without a `position`, a new category goes to the end of the list. */
    async create(db: Kysely<DB>, input: CategoryInput & { name: string }): Promise<Category> {
      return db.transaction().execute(async (trx) => {
        const position =
          input.position ??
          (
            await trx
              .selectFrom(name)
              .select(sql<number>`coalesce(max(position), -1) + 1`.as('next'))
              .executeTakeFirstOrThrow()
          ).next;
        const now = nowIso();
        return trx
          .insertInto(name)
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
    },

    /** Only the fields present change. */
    async update(db: Kysely<DB>, id: number, input: CategoryInput): Promise<Category> {
      const changes: { name?: string; color?: string; position?: number } = {};
      if (input.name !== undefined) changes.name = input.name.trim();
      if (input.color !== undefined) changes.color = input.color.toLowerCase();
      if (input.position !== undefined) changes.position = input.position;
      const query =
        Object.keys(changes).length === 0
          ? db.selectFrom(name).select(COLUMNS).where('id', '=', id)
          : db
              .updateTable(name)
              .set({ ...changes, updated_at: nowIso() })
              .where('id', '=', id)
              .returning(COLUMNS);
      const row = await query.executeTakeFirst();
      if (!row) throw notFound(label);
      return row;
    },

    /** What was in the category stays, without a category (ON DELETE SET NULL). */
    async remove(db: Kysely<DB>, id: number): Promise<void> {
      const result = await db.deleteFrom(name).where('id', '=', id).executeTakeFirst();
      if (result.numDeletedRows === 0n) throw notFound(label);
    },
  };
}
