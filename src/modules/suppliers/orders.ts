import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import { nextNumber } from '../../db/sequences.js';
import type { DB, PurchaseOrdersTable, PurchaseOrderStatus } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { paginate, type Page } from '../../http/pagination.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { fromCents, toCents } from '../../lib/money.js';
import { formatInstant, isValidDate, nowIso, todayIn } from '../../lib/time.js';
import { moveStock, type StockMove } from '../inventory/service.js';
import { readTimezone } from '../settings/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { receivedDateOf, renamedPackingSlip } from './packing-slips.js';
import type {
  OrderCreateInput,
  OrderItemsInput,
  OrderListFilter,
  OrderOutput,
  OrderSummaryOutput,
  OrderUpdateInput,
} from './schemas.js';
import { lockRows } from '../../db/locks.js';

/*
 * Purchase orders. Status changes:
 *
 *   created ⇄ ordered, created/ordered → cancelled, cancelled → created;
 *   any status → received (stock of every line goes up, exactly once);
 *   received → anything else: 409 `invalid_transition` (undo a receipt by deleting the order,
 *   which reverses its stock).
 *
 * Setting the status an order already has is allowed and changes nothing.
 */

type OrderRow = Selectable<PurchaseOrdersTable>;

export const RECENT_ORDERS_OF_SUPPLIER = 20;

/** Which statuses may move to each target (other than `received`, which any may reach). */
const ALLOWED_FROM: Record<Exclude<PurchaseOrderStatus, 'received'>, PurchaseOrderStatus[]> = {
  created: ['ordered', 'cancelled'],
  ordered: ['created'],
  cancelled: ['created', 'ordered'],
};

const EDITABLE_ITEMS: PurchaseOrderStatus[] = ['created', 'ordered'];

const invalidField = (field: string, message: string) =>
  badRequest('validation_failed', `Invalid input: ${field} ${message}`, [{ field, message }]);

function requireRealDate(value: string | null | undefined, field: string): void {
  if (typeof value === 'string' && !isValidDate(value)) throw invalidField(field, 'must be a real date (YYYY-MM-DD)');
}

// ---------------------------------------------------------------- reading

/** One order with its supplier and staff names: the columns every order response shares. */
function orderQuery(executor: Executor) {
  return executor
    .selectFrom('purchase_orders as po')
    .innerJoin('suppliers as s', 's.id', 'po.supplier_id')
    .leftJoin('users as u', 'u.id', 'po.staff_id')
    .select([
      'po.id',
      'po.order_number',
      'po.supplier_id',
      's.name as supplier_name',
      's.creditor_number',
      'po.staff_id',
      'u.name as staff_name',
      'po.notes',
      'po.order_date',
      'po.expected_date',
      'po.received_date',
      'po.packing_slip_number',
      'po.packing_slip_name',
      'po.status',
      'po.created_at',
      'po.updated_at',
    ]);
}

type OrderJoinedRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>;

function toOrderFields(row: OrderJoinedRow, timezone: string) {
  return {
    id: row.id,
    order_number: row.order_number,
    supplier_id: row.supplier_id,
    supplier_name: row.supplier_name,
    creditor_number: row.creditor_number,
    staff_id: row.staff_id,
    staff_name: row.staff_name,
    notes: row.notes,
    order_date: row.order_date,
    expected_date: row.expected_date,
    received_date: receivedDateOf(row),
    packing_slip_number: row.packing_slip_number,
    packing_slip: row.packing_slip_name,
    status: row.status,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

/**
 * Orders with their line counts and totals in one grouped query (no query per order).
 * PostgreSQL accepts the other columns because each table's primary key is grouped on.
 * The product is summed as bigint: quantity × cents can pass the 32-bit integer range.
 */
function summaryQuery(executor: Executor) {
  return orderQuery(executor)
    .leftJoin('purchase_order_items as i', 'i.purchase_order_id', 'po.id')
    .select([
      sql<number>`count(i.id)`.as('item_count'),
      sql<number>`coalesce(sum(i.quantity), 0)`.as('total_quantity'),
      sql<number>`coalesce(sum(cast(i.quantity as bigint) * i.unit_cost), 0)`.as('total_cost'),
    ])
    .groupBy(['po.id', 's.id', 'u.id'])
    .orderBy('po.order_date', 'desc')
    .orderBy('po.id', 'desc');
}

function toOrderSummary(
  row: OrderJoinedRow & { item_count: number; total_quantity: number; total_cost: number },
  timezone: string,
): OrderSummaryOutput {
  return {
    ...toOrderFields(row, timezone),
    item_count: Number(row.item_count),
    total_quantity: Number(row.total_quantity),
    total_cost: fromCents(Number(row.total_cost)),
  };
}

/** Newest first: by order_date, then id, descending. */
export async function listOrders(
  db: Kysely<DB>,
  filter: OrderListFilter,
): Promise<OrderSummaryOutput[] | Page<OrderSummaryOutput>> {
  const timezone = await readTimezone(db);
  let query = summaryQuery(db);
  let base = db.selectFrom('purchase_orders');
  if (filter.status !== undefined) {
    query = query.where('po.status', '=', filter.status);
    base = base.where('status', '=', filter.status);
  }
  const count = async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  return paginate(query, count, filter, (row) => toOrderSummary(row, timezone));
}

export async function recentOrdersOfSupplier(
  db: Kysely<DB>,
  supplierId: number,
  timezone: string,
): Promise<OrderSummaryOutput[]> {
  const rows = await summaryQuery(db)
    .where('po.supplier_id', '=', supplierId)
    .limit(RECENT_ORDERS_OF_SUPPLIER)
    .execute();
  return rows.map((row) => toOrderSummary(row, timezone));
}

async function loadOrder(executor: Executor, id: number, timezone: string): Promise<OrderOutput> {
  const row = await orderQuery(executor).where('po.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Purchase order');
  const items = await executor
    .selectFrom('purchase_order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['i.id', 'i.product_id', 'p.name as product_name', 'p.sku', 'i.quantity', 'i.unit_cost'])
    .where('i.purchase_order_id', '=', id)
    .orderBy('i.id')
    .execute();
  return {
    ...toOrderFields(row, timezone),
    items: items.map((item) => ({ ...item, unit_cost: fromCents(item.unit_cost) })),
  };
}

export async function getOrder(db: Kysely<DB>, id: number): Promise<OrderOutput> {
  return loadOrder(db, id, await readTimezone(db));
}

// ---------------------------------------------------------------- writing

/**
 * The order row, locked until the transaction ends on PostgreSQL (SQLite's BEGIN IMMEDIATE
 * already serialises every write transaction). Every write to an order starts here, so the
 * rules that read its current status (items editable, allowed transitions, reversal on
 * delete) cannot be overtaken by a concurrent write to the same order.
 */
async function lockOrder(trx: Transaction<DB>, dialect: Dialect, id: number): Promise<OrderRow> {
  let query = trx.selectFrom('purchase_orders').selectAll().where('id', '=', id);
  query = lockRows(query, dialect);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Purchase order');
  return row;
}

/**
 * One stock move per line. Sorted by product so that two transactions moving the same
 * products lock them in the same order and cannot deadlock each other.
 */
async function moveOrderStock(
  trx: Transaction<DB>,
  ctx: AppContext,
  order: OrderRow,
  direction: 'in' | 'out',
  userId: number,
): Promise<void> {
  const lines = await trx
    .selectFrom('purchase_order_items')
    .select(['product_id', 'quantity'])
    .where('purchase_order_id', '=', order.id)
    .orderBy('product_id')
    .orderBy('id')
    .execute();
  const moves: StockMove[] = lines.map((line) => ({
    productId: line.product_id,
    delta: direction === 'in' ? line.quantity : -line.quantity,
    reason: direction === 'in' ? 'delivery' : 'delivery_reversal',
    // The order number survives the order's deletion (purchase_order_id is then set null).
    note: direction === 'in' ? `Purchase order ${order.order_number}` : `Purchase order ${order.order_number} deleted`,
    purchaseOrderId: order.id,
    userId,
  }));
  await moveStock(trx, moves, { publicBaseUrl: ctx.config.publicBaseUrl });
}

export async function createOrder(ctx: AppContext, caller: AuthUser, input: OrderCreateInput): Promise<OrderOutput> {
  requireRealDate(input.order_date, 'order_date');
  requireRealDate(input.expected_date, 'expected_date');
  const timezone = await readTimezone(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    // KEY SHARE: neither the supplier nor the user can be deleted before this commits, yet
    // both stay free to be edited.
    let supplierQuery = trx.selectFrom('suppliers').select(['id', 'active']).where('id', '=', input.supplier_id);
    supplierQuery = lockRows(supplierQuery, ctx.dialect, 'key share');
    const supplier = await supplierQuery.executeTakeFirst();
    if (!supplier) {
      throw badRequest('unknown_supplier', 'No supplier has this id', [
        { field: 'supplier_id', message: 'is not an existing supplier' },
      ]);
    }
    if (supplier.active !== 1) {
      throw badRequest('supplier_inactive', 'This supplier is deactivated; activate it before ordering', [
        { field: 'supplier_id', message: 'is a deactivated supplier' },
      ]);
    }
    const staffId = input.staff_id ?? caller.id;
    let staffQuery = trx.selectFrom('users').select('id').where('id', '=', staffId).where('active', '=', 1);
    staffQuery = lockRows(staffQuery, ctx.dialect, 'key share');
    if (!(await staffQuery.executeTakeFirst())) {
      throw badRequest('unknown_staff', 'No active staff member has this id', [
        { field: 'staff_id', message: 'is not an active staff member' },
      ]);
    }
    const orderNumber = await nextNumber(trx, 'IO', timezone);
    const now = nowIso();
    const { id } = await trx
      .insertInto('purchase_orders')
      .values({
        order_number: orderNumber,
        supplier_id: supplier.id,
        staff_id: staffId,
        notes: input.notes?.trim() ?? '',
        order_date: input.order_date ?? todayIn(timezone),
        expected_date: input.expected_date ?? null,
        received_date: null,
        packing_slip_number: '',
        packing_slip_key: null,
        packing_slip_name: null,
        status: 'created',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return loadOrder(trx, id, timezone);
  });
}

/** Replaces every line in one transaction; only while the order is `created` or `ordered`. */
export async function replaceItems(ctx: AppContext, id: number, input: OrderItemsInput): Promise<OrderOutput> {
  const timezone = await readTimezone(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, ctx.dialect, id);
    if (!EDITABLE_ITEMS.includes(order.status)) {
      throw conflict(
        'order_locked',
        `The items of a ${order.status} order cannot change; only those of a created or ordered order can`,
      );
    }
    const productIds = [...new Set(input.items.map((item) => item.product_id))];
    if (productIds.length > 0) {
      // An archived product (deleted in the product API) is unknown to new lines, but a line
      // that already orders it may be sent back unchanged when the list is saved again.
      let productQuery = trx
        .selectFrom('products')
        .select('id')
        .where('id', 'in', productIds)
        .where((eb) =>
          eb.or([
            eb('active', '=', 1),
            eb(
              'id',
              'in',
              eb.selectFrom('purchase_order_items').select('product_id').where('purchase_order_id', '=', id),
            ),
          ]),
        );
      productQuery = lockRows(productQuery, ctx.dialect, 'key share');
      const found = new Set((await productQuery.execute()).map((p) => p.id));
      const details = input.items.flatMap((item, index) =>
        found.has(item.product_id)
          ? []
          : [{ field: `items.${index}.product_id`, message: 'is not an existing product' }],
      );
      if (details.length > 0) {
        throw badRequest('unknown_product', 'An order line names a product that does not exist', details);
      }
    }
    await trx.deleteFrom('purchase_order_items').where('purchase_order_id', '=', id).execute();
    if (input.items.length > 0) {
      await trx
        .insertInto('purchase_order_items')
        .values(
          input.items.map((item) => ({
            purchase_order_id: id,
            product_id: item.product_id,
            quantity: item.quantity,
            unit_cost: toCents(item.unit_cost),
          })),
        )
        .execute();
    }
    await trx.updateTable('purchase_orders').set({ updated_at: nowIso() }).where('id', '=', id).execute();
    return loadOrder(trx, id, timezone);
  });
}

/**
 * Only the fields present change. Reaching `received` moves the stock of every line in, and
 * sets `received_date` to today (salon time zone) unless one is given or already stored.
 *
 * The receipt is claimed by a conditional update (`status <> 'received'`), and stock moves
 * only when that update changed a row: a repeated or concurrent `received` is a no-op, on
 * either engine, whatever the locking around it.
 */
export async function updateOrder(
  ctx: AppContext,
  caller: AuthUser,
  id: number,
  input: OrderUpdateInput,
): Promise<OrderOutput> {
  requireRealDate(input.order_date, 'order_date');
  requireRealDate(input.expected_date, 'expected_date');
  requireRealDate(input.received_date, 'received_date');
  const timezone = await readTimezone(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, ctx.dialect, id);
    const target = input.status;
    const changes: Partial<Omit<OrderRow, 'id' | 'order_number' | 'supplier_id' | 'created_at'>> = {};
    if (target !== undefined && target !== 'received' && target !== order.status) {
      if (order.status === 'received') {
        throw conflict(
          'invalid_transition',
          `A received order cannot become ${target}; delete the order to undo the receipt (its stock is reversed)`,
        );
      }
      if (!ALLOWED_FROM[target].includes(order.status)) {
        throw conflict('invalid_transition', `A ${order.status} order cannot become ${target}`);
      }
      changes.status = target;
    }
    // A received date belongs to a receipt: an order not received (and not becoming so now)
    // has none, so its packing slip is never filed under a date that did not happen.
    const received = order.status === 'received' || target === 'received';
    if (input.received_date !== undefined && !received) {
      throw conflict(
        'order_not_received',
        `A ${order.status} order has no received date: send it with status "received", or once the order is received`,
      );
    }
    if (input.notes !== undefined) changes.notes = input.notes.trim();
    if (input.order_date !== undefined) changes.order_date = input.order_date;
    if (input.expected_date !== undefined) changes.expected_date = input.expected_date;
    if (input.received_date !== undefined) changes.received_date = input.received_date;
    if (input.packing_slip_number !== undefined) changes.packing_slip_number = input.packing_slip_number.trim();

    let receivedDate = input.received_date ?? receivedDateOf(order);
    let receivedNow = false;
    if (target === 'received') {
      const claimed = await trx
        .updateTable('purchase_orders')
        .set({ status: 'received', received_date: receivedDate ?? todayIn(timezone), updated_at: nowIso() })
        .where('id', '=', id)
        .where('status', '<>', 'received')
        .returning('received_date')
        .executeTakeFirst();
      if (claimed) {
        receivedNow = true;
        receivedDate = claimed.received_date;
        await moveOrderStock(trx, ctx, order, 'in', caller.id);
      }
    }

    // The packing slip's name carries the received date: it follows that date.
    if (order.packing_slip_name && receivedDate) {
      const supplier = await trx
        .selectFrom('suppliers')
        .select('creditor_number')
        .where('id', '=', order.supplier_id)
        .executeTakeFirstOrThrow();
      const renamed = renamedPackingSlip(order.packing_slip_name, order, supplier.creditor_number, receivedDate);
      if (renamed !== order.packing_slip_name) changes.packing_slip_name = renamed;
    }

    if (Object.keys(changes).length > 0) {
      await trx
        .updateTable('purchase_orders')
        .set({ ...changes, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    }
    // Only the request that received it (the conditional update above) announces it.
    if (receivedNow) await recordWebhookEvent(trx, 'purchase_order.received', id);
    return loadOrder(trx, id, timezone);
  });
}

/**
 * Deletes an order of any status. A received order's stock goes back out through reversing
 * `delivery_reversal` moves (stock may go below zero when the goods were already sold). The
 * packing slip file is removed only after the commit: a rolled-back delete keeps it.
 */
export async function deleteOrder(ctx: AppContext, caller: AuthUser, id: number): Promise<void> {
  const slipKey = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, ctx.dialect, id);
    if (order.status === 'received') await moveOrderStock(trx, ctx, order, 'out', caller.id);
    await trx.deleteFrom('purchase_orders').where('id', '=', id).execute();
    return order.packing_slip_key;
  });
  if (slipKey) {
    await ctx.storage
      .delete(slipKey)
      .catch((error: unknown) => ctx.log.warn({ err: error, key: slipKey }, 'packing slip file not removed'));
  }
}
