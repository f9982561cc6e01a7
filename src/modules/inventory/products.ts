import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import { writeChangedFields } from '../../db/partial-update.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { nextNumber } from '../../db/sequences.js';
import type { DB, ProductsTable } from '../../db/types.js';
import { containsPattern, likeEscaped } from '../../db/like.js';
import type { AuthUser } from '../../http/auth.js';
import { DEFAULT_LIMIT, MAX_LIMIT, paginate, type Page } from '../../http/pagination.js';
import { prepared } from '../../db/prepared.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { fromCents, toCents } from '../../lib/money.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { readSettings, readTimezone } from '../settings/service.js';
import { defaultVatRateId, requireUsableVatRate, vatRateChange } from '../settings/service.js';
import type { ProductCreateInput, ProductListInput, ProductOutput, ProductUpdateInput } from './schemas.js';
import { moveStock, type StockContext } from './stock.js';
import { lockRows } from '../../db/locks.js';

/*
 * Products are archived (active = 0) rather than deleted once their stock history or a
 * purchase order refers to them; an archived product is gone for this API (404), while the
 * rows that refer to it keep their link.
 */

export function stockContext(ctx: AppContext): StockContext {
  return { publicBaseUrl: ctx.config.publicBaseUrl };
}

// ---------------------------------------------------------------- reading

const PRODUCT_COLUMNS = [
  'p.id',
  'p.name',
  'p.sku',
  'p.price',
  'p.purchase_price',
  'p.quantity_on_hand',
  'p.low_stock_threshold',
  'p.category_id',
  'c.name as category_name',
  'c.color as category_color',
  'p.supplier_id',
  's.name as supplier_name',
  'p.vat_rate_id',
  'p.ean_code',
  'p.article_number',
  'p.created_at',
  'p.updated_at',
] as const;

/** Products with their category and supplier: each joins on a primary key, so rows never multiply. */
function fromProducts(executor: Executor) {
  return executor
    .selectFrom('products as p')
    .leftJoin('product_categories as c', 'c.id', 'p.category_id')
    .leftJoin('suppliers as s', 's.id', 'p.supplier_id');
}

function selectProducts(executor: Executor) {
  return fromProducts(executor).select(PRODUCT_COLUMNS);
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['executeTakeFirstOrThrow']>>;

function toProduct(row: ProductRow, timezone: string): ProductOutput {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    price: fromCents(row.price),
    purchase_price: fromCents(row.purchase_price),
    quantity_on_hand: row.quantity_on_hand,
    low_stock_threshold: row.low_stock_threshold,
    category_id: row.category_id,
    category_name: row.category_name ?? null,
    category_color: row.category_color ?? null,
    supplier_id: row.supplier_id,
    supplier_name: row.supplier_name ?? null,
    vat_rate_id: row.vat_rate_id,
    ean_code: row.ean_code,
    article_number: row.article_number,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

/** An active product with its category and supplier, or 404. */
export async function readProduct(executor: Executor, id: number, timezone?: string): Promise<ProductOutput> {
  const row = await selectProducts(executor).where('p.id', '=', id).where('p.active', '=', 1).executeTakeFirst();
  if (!row) throw notFound('Product');
  return toProduct(row, timezone ?? (await readTimezone(executor)));
}

export async function getProduct(db: Kysely<DB>, id: number): Promise<ProductOutput> {
  return readProduct(db, id);
}

/**
 * Active products by name (case-insensitive), then id: one query with the category and
 * supplier joined, plus one count when paginated. `search` matches a part of the name, SKU,
 * EAN code or article number, case-insensitively, with `%` and `_` taken literally.
 */
const activeProductsPage = prepared((db, p: { limit: number; offset: number }) =>
  fromProducts(db)
    .where('p.active', '=', 1)
    .select(PRODUCT_COLUMNS)
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.id')
    .limit(p.limit)
    .offset(p.offset),
);
// Counted without the joins: each joins on a primary key, so they never change the count,
// and SQLite does not leave them out by itself (they doubled the count's time).
const activeProductsCount = prepared((db) =>
  db
    .selectFrom('products as p')
    .where('p.active', '=', 1)
    .select((eb) => eb.fn.countAll<number>().as('n')),
);

export async function listProducts(
  db: Kysely<DB>,
  filter: ProductListInput,
): Promise<ProductOutput[] | Page<ProductOutput>> {
  const timezone = await readTimezone(db);
  const search = filter.search?.trim();
  if (
    filter.supplier_id === undefined &&
    filter.category_id === undefined &&
    !search &&
    filter.low_stock_first !== true &&
    filter.page !== undefined
  ) {
    // The stock screen's first view, unfiltered: its queries are compiled once.
    const limit = Math.min(filter.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
    const [rows, counted] = await Promise.all([
      activeProductsPage.all(db, { limit, offset: (filter.page - 1) * limit }),
      activeProductsCount.first(db, {}),
    ]);
    const total = counted?.n ?? 0;
    return {
      data: rows.map((row) => toProduct(row, timezone)),
      page: filter.page,
      limit,
      total,
      total_pages: Math.ceil(total / limit),
    };
  }
  let base = fromProducts(db).where('p.active', '=', 1);
  if (filter.supplier_id !== undefined) base = base.where('p.supplier_id', '=', filter.supplier_id);
  if (filter.category_id !== undefined) base = base.where('p.category_id', '=', filter.category_id);
  if (search) {
    const pattern = containsPattern(search);
    base = base.where((eb) =>
      eb.or(
        (['p.name', 'p.sku', 'p.ean_code', 'p.article_number'] as const).map((column) =>
          likeEscaped(sql`lower(${sql.ref(column)})`, pattern),
        ),
      ),
    );
  }
  let query = base.select(PRODUCT_COLUMNS);
  // Low stock first: what needs reordering leads, each group by name.
  if (filter.low_stock_first === true) {
    query = query.orderBy(sql`case when p.quantity_on_hand <= p.low_stock_threshold then 0 else 1 end`);
  }
  query = query.orderBy(sql`lower(p.name)`).orderBy('p.id');
  const count = async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  return paginate(query, count, filter, (row) => toProduct(row, timezone));
}

// ---------------------------------------------------------------- references

/*
 * Referenced rows are checked inside the writing transaction. On PostgreSQL the check takes
 * FOR KEY SHARE on the row, so it cannot be deleted before this write commits; SQLite's
 * BEGIN IMMEDIATE already serialises every write transaction.
 */

async function requireRow(
  trx: Transaction<DB>,
  dialect: Dialect,
  table: 'product_categories' | 'suppliers',
  id: number,
): Promise<boolean> {
  let query = trx.selectFrom(table).select('id').where('id', '=', id);
  query = lockRows(query, dialect, 'key share');
  return (await query.executeTakeFirst()) !== undefined;
}

async function requireCategory(trx: Transaction<DB>, dialect: Dialect, id: number): Promise<void> {
  if (!(await requireRow(trx, dialect, 'product_categories', id))) {
    throw badRequest('unknown_category', 'No product category has this id', [
      { field: 'category_id', message: 'is not an existing product category' },
    ]);
  }
}

async function requireSupplier(trx: Transaction<DB>, dialect: Dialect, id: number): Promise<void> {
  if (!(await requireRow(trx, dialect, 'suppliers', id))) {
    throw badRequest('unknown_supplier', 'No supplier has this id', [
      { field: 'supplier_id', message: 'is not an existing supplier' },
    ]);
  }
}

// ---------------------------------------------------------------- writing

/**
 * Creates a product with the next `ART_PRODUCT` article number, in one transaction. The
 * product is inserted with no stock; an initial quantity other than 0 is then recorded as a
 * stock move (`adjustment`, note `initial stock`), so the history adds up to the count.
 * Without `vat_rate_id` the default VAT rate is applied (`null` when there is none).
 */
export async function createProduct(ctx: AppContext, caller: AuthUser, input: ProductCreateInput) {
  return ctx.db
    .transaction()
    .execute((trx) =>
      createProductIn(trx, { dialect: ctx.dialect, stock: stockContext(ctx), userId: caller.id }, input),
    );
}

/** Who writes a product: for the row locks, the low-stock email's link, and the stock moves' user. */
export interface ProductWriter {
  dialect: Dialect;
  stock: StockContext;
  /** The user the stock moves are recorded for; null when none signed in (the command line). */
  userId: number | null;
}

/**
 * POST /api/inventory/products inside the caller's transaction: every check and write of a
 * create, so that the importer, which creates many products in one transaction, stores only
 * what the API would.
 */
export async function createProductIn(
  trx: Transaction<DB>,
  writer: ProductWriter,
  input: ProductCreateInput,
): Promise<ProductOutput> {
  const categoryId = input.category_id ?? null;
  const supplierId = input.supplier_id ?? null;
  if (categoryId !== null) await requireCategory(trx, writer.dialect, categoryId);
  if (supplierId !== null) await requireSupplier(trx, writer.dialect, supplierId);
  let vatRateId: number | null;
  if (input.vat_rate_id !== undefined) {
    await requireUsableVatRate(trx, writer.dialect, input.vat_rate_id);
    vatRateId = input.vat_rate_id;
  } else {
    vatRateId = await defaultVatRateId(trx);
  }
  const timezone = await readTimezone(trx);
  const now = nowIso();
  const { id } = await trx
    .insertInto('products')
    .values({
      name: input.name.trim(),
      sku: input.sku.trim(),
      price: toCents(input.price),
      purchase_price: toCents(input.purchase_price),
      quantity_on_hand: 0,
      low_stock_threshold: input.low_stock_threshold ?? 5,
      category_id: categoryId,
      supplier_id: supplierId,
      vat_rate_id: vatRateId,
      ean_code: input.ean_code?.trim() ?? '',
      article_number: await nextNumber(trx, 'ART_PRODUCT', timezone),
      active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.quantity_on_hand !== 0) {
    await moveStock(
      trx,
      [
        {
          productId: id,
          delta: input.quantity_on_hand,
          reason: 'adjustment',
          note: 'initial stock',
          userId: writer.userId,
        },
      ],
      writer.stock,
    );
  }
  return readProduct(trx, id, timezone);
}

/**
 * The active product, locked for the rest of the transaction on PostgreSQL (SQLite's
 * BEGIN IMMEDIATE already serialises writers), so a quantity read here cannot change
 * before the transaction ends.
 */
async function lockActiveProduct(trx: Transaction<DB>, dialect: Dialect, id: number) {
  let query = trx
    .selectFrom('products')
    .select(['id', 'quantity_on_hand'])
    .where('id', '=', id)
    .where('active', '=', 1);
  query = lockRows(query, dialect);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Product');
  return row;
}

/**
 * Only the fields present change; `category_id`/`supplier_id` `null` removes the link.
 * `quantity_on_hand` is the stock count: while purchase orders are on, stock comes in only
 * through them, so a different value is a 409 (the same value is fine). With purchase orders
 * off, a new count is recorded as an `adjustment` move of the difference, computed under
 * the row lock, so two concurrent edits never lose one another. The other fields are saved
 * first, so a new `low_stock_threshold` sent along already applies to the move's alert.
 */
export async function updateProduct(ctx: AppContext, caller: AuthUser, id: number, input: ProductUpdateInput) {
  return ctx.db
    .transaction()
    .execute((trx) =>
      updateProductIn(trx, { dialect: ctx.dialect, stock: stockContext(ctx), userId: caller.id }, id, input),
    );
}

/** PUT /api/inventory/products/:id inside the caller's transaction (see createProductIn). */
export async function updateProductIn(
  trx: Transaction<DB>,
  writer: ProductWriter,
  id: number,
  input: ProductUpdateInput,
): Promise<ProductOutput> {
  const current = await lockActiveProduct(trx, writer.dialect, id);
  const delta = input.quantity_on_hand === undefined ? 0 : input.quantity_on_hand - current.quantity_on_hand;
  if (delta !== 0 && (await readSettings(trx)).purchase_orders_enabled === 1) {
    throw conflict(
      'stock_managed_by_purchase_orders',
      'quantity_on_hand cannot be edited while purchase orders are enabled: stock changes through received purchase orders, sales and internal consumption. Turn purchase_orders_enabled off in the settings to correct stock counts by hand.',
    );
  }

  const changes: Partial<Omit<ProductsTable, 'id' | 'created_at' | 'quantity_on_hand' | 'article_number'>> = {};
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.sku !== undefined) changes.sku = input.sku.trim();
  if (input.price !== undefined) changes.price = toCents(input.price);
  if (input.purchase_price !== undefined) changes.purchase_price = toCents(input.purchase_price);
  if (input.low_stock_threshold !== undefined) changes.low_stock_threshold = input.low_stock_threshold;
  if (input.ean_code !== undefined) changes.ean_code = input.ean_code.trim();
  if (input.category_id !== undefined) {
    if (input.category_id !== null) await requireCategory(trx, writer.dialect, input.category_id);
    changes.category_id = input.category_id;
  }
  if (input.supplier_id !== undefined) {
    if (input.supplier_id !== null) await requireSupplier(trx, writer.dialect, input.supplier_id);
    changes.supplier_id = input.supplier_id;
  }
  Object.assign(changes, await vatRateChange(trx, writer.dialect, input.vat_rate_id));
  await writeChangedFields(trx, 'products', id, changes);
  if (delta !== 0) {
    await moveStock(trx, [{ productId: id, delta, reason: 'adjustment', userId: writer.userId }], writer.stock);
  }
  return readProduct(trx, id);
}

/**
 * Deletes the product; one still referenced (stock transactions, purchase order items:
 * RESTRICT foreign keys) is archived instead. On PostgreSQL a failed statement aborts its
 * transaction, so the delete runs on its own and the archive in a new statement.
 */
export async function deleteProduct(ctx: AppContext, id: number): Promise<{ archived: boolean }> {
  try {
    const result = await ctx.db.deleteFrom('products').where('id', '=', id).where('active', '=', 1).executeTakeFirst();
    if (result.numDeletedRows === 0n) throw notFound('Product');
    return { archived: false };
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
  }
  const result = await ctx.db
    .updateTable('products')
    .set({ active: 0, updated_at: nowIso() })
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw notFound('Product');
  return { archived: true };
}
