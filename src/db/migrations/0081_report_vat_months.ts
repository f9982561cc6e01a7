import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * The VAT report over long periods. It added up every line of every paid order and completed
 * refund of its period: 1.7 s for 24 months of a busy salon (~380,000 orders). `report_vat_months`
 * keeps, per UTC month and VAT rate, what that report sums: the lines of paid orders (by the
 * order's created_at) and of completed refunds (by the refund's completed_at), their number,
 * gross and VAT as recorded on each line. Kept by triggers inside the writer's transaction, as
 * the rollups of 0012 are, so every write path (the till, payment webhooks, refunds) keeps it
 * right without knowing of it. The count of lines tells a rate that had lines in a period from
 * one whose lines were all taken back off (a rate appears in the report only with lines).
 *
 * Concurrency on PostgreSQL: each statement upserts its rows in (month, rate) order, and the
 * triggers fire after those of 0012 on the same table (name order), so writers take the rollups
 * in one order: orders' months, items' months, then these.
 */

const COLUMNS = 'month, rate, sale_lines, sale_gross, sale_vat, refund_lines, refund_gross, refund_vat';
const SUMS = ['sale_lines', 'sale_gross', 'sale_vat', 'refund_lines', 'refund_gross', 'refund_vat'];

/** Adds rows of COLUMNS' shape to the rollup, one upsert per (month, rate), in key order. */
function bump(rows: string[]): string {
  return `
    insert into report_vat_months (${COLUMNS})
    select month, rate, ${SUMS.map((c) => `sum(${c})`).join(', ')}
    from (${rows.join(' union all ')}) as d
    where 1 = 1
    group by month, rate
    order by month, rate
    on conflict (month, rate) do update set
      ${SUMS.map((c) => `${c} = report_vat_months.${c} + excluded.${c}`).join(', ')}`;
}

type Sign = '' | '-';

/** The sale lines of one order row (`new`/`old`) when it is paid. */
const orderLines = (order: string, sign: Sign) => `
  select substr(${order}.created_at, 1, 7) as month, i.vat_rate as rate, ${sign}1 as sale_lines,
    ${sign}(i.line_total - i.discount_amount - i.loyalty_amount) as sale_gross, ${sign}i.vat_amount as sale_vat,
    0 as refund_lines, 0 as refund_gross, 0 as refund_vat
  from pos_order_items i where i.order_id = ${order}.id and ${order}.payment_status = 'paid'`;

/** Sale lines (a row `new`/`old` or a transition table) of paid orders. */
const saleLines = (lines: string, from: string, sign: Sign) => `
  select substr(o.created_at, 1, 7) as month, ${lines}.vat_rate as rate, ${sign}1 as sale_lines,
    ${sign}(${lines}.line_total - ${lines}.discount_amount - ${lines}.loyalty_amount) as sale_gross,
    ${sign}${lines}.vat_amount as sale_vat, 0 as refund_lines, 0 as refund_gross, 0 as refund_vat
  from ${from} pos_orders o where o.id = ${lines}.order_id and o.payment_status = 'paid'`;

/** The lines of one refund row (`new`/`old`) when it is completed. */
const refundLines = (refund: string, sign: Sign) => `
  select substr(${refund}.completed_at, 1, 7) as month, i.vat_rate as rate, 0 as sale_lines, 0 as sale_gross,
    0 as sale_vat, ${sign}1 as refund_lines, ${sign}i.amount as refund_gross, ${sign}i.vat_amount as refund_vat
  from pos_refund_items i where i.refund_id = ${refund}.id and ${refund}.status = 'completed'`;

/** Refund lines (a row or a transition table) of completed refunds. */
const givenLines = (lines: string, from: string, sign: Sign) => `
  select substr(r.completed_at, 1, 7) as month, ${lines}.vat_rate as rate, 0 as sale_lines, 0 as sale_gross,
    0 as sale_vat, ${sign}1 as refund_lines, ${sign}${lines}.amount as refund_gross, ${sign}${lines}.vat_amount as refund_vat
  from ${from} pos_refunds r where r.id = ${lines}.refund_id and r.status = 'completed'`;

const ORDER_COLUMNS = 'payment_status, created_at';
const LINE_COLUMNS = 'order_id, vat_rate, vat_amount, line_total, discount_amount, loyalty_amount';
const REFUND_COLUMNS = 'status, completed_at';
const REFUND_LINE_COLUMNS = 'refund_id, vat_rate, vat_amount, amount';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('report_vat_months')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('rate', 'integer', (c) => c.notNull())
    .addColumn('sale_lines', 'bigint', (c) => c.notNull())
    .addColumn('sale_gross', 'bigint', (c) => c.notNull())
    .addColumn('sale_vat', 'bigint', (c) => c.notNull())
    .addColumn('refund_lines', 'bigint', (c) => c.notNull())
    .addColumn('refund_gross', 'bigint', (c) => c.notNull())
    .addColumn('refund_vat', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_vat_months_pk', ['month', 'rate'])
    .execute();

  await backfillReportVatMonths(db);
  if (dialect === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** Fills the rollup from the lines already there (the migration; tests compare it with the triggers'). */
export async function backfillReportVatMonths(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
): Promise<void> {
  await sql
    .raw(
      bump([
        `select substr(o.created_at, 1, 7) as month, i.vat_rate as rate, 1 as sale_lines,
           i.line_total - i.discount_amount - i.loyalty_amount as sale_gross, i.vat_amount as sale_vat,
           0 as refund_lines, 0 as refund_gross, 0 as refund_vat
         from pos_orders o join pos_order_items i on i.order_id = o.id where o.payment_status = 'paid'`,
        `select substr(r.completed_at, 1, 7) as month, i.vat_rate as rate, 0 as sale_lines, 0 as sale_gross,
           0 as sale_vat, 1 as refund_lines, i.amount as refund_gross, i.vat_amount as refund_vat
         from pos_refunds r join pos_refund_items i on i.refund_id = r.id where r.status = 'completed'`,
      ]),
    )
    .execute(db);
}

async function sqliteTriggers(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
): Promise<void> {
  const statements = [
    `create trigger report_vat_pos_orders_update after update of ${ORDER_COLUMNS} on pos_orders
       begin ${bump([orderLines('old', '-'), orderLines('new', '')])}; end`,
    `create trigger report_vat_pos_order_items_insert after insert on pos_order_items
       begin ${bump([saleLines('new', '', '')])}; end`,
    `create trigger report_vat_pos_order_items_update after update of ${LINE_COLUMNS} on pos_order_items
       begin ${bump([saleLines('old', '', '-'), saleLines('new', '', '')])}; end`,
    `create trigger report_vat_pos_order_items_delete after delete on pos_order_items
       begin ${bump([saleLines('old', '', '-')])}; end`,
    `create trigger report_vat_pos_refunds_update after update of ${REFUND_COLUMNS} on pos_refunds
       begin ${bump([refundLines('old', '-'), refundLines('new', '')])}; end`,
    `create trigger report_vat_pos_refund_items_insert after insert on pos_refund_items
       begin ${bump([givenLines('new', '', '')])}; end`,
    `create trigger report_vat_pos_refund_items_update after update of ${REFUND_LINE_COLUMNS} on pos_refund_items
       begin ${bump([givenLines('old', '', '-'), givenLines('new', '', '')])}; end`,
    `create trigger report_vat_pos_refund_items_delete after delete on pos_refund_items
       begin ${bump([givenLines('old', '', '-')])}; end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTriggers(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
): Promise<void> {
  const rowTrigger = async (table: string, columns: string, rows: string[]) => {
    await sql
      .raw(
        `create function report_vat_${table}_update() returns trigger language plpgsql as $$
         begin ${bump(rows)}; return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger report_vat_${table} after update of ${columns} on ${table}
         for each row execute function report_vat_${table}_update()`,
      )
      .execute(db);
  };
  await rowTrigger('pos_orders', ORDER_COLUMNS, [orderLines('old', '-'), orderLines('new', '')]);
  await rowTrigger('pos_refunds', REFUND_COLUMNS, [refundLines('old', '-'), refundLines('new', '')]);

  // Lines: statement-level, so a statement's lines are upserted in key order at once (a
  // statement-level trigger sees only the transition tables its event declares).
  const lineTriggers = async (table: string, rows: (lines: string, sign: Sign) => string) => {
    const events = [
      { event: 'insert', on: 'insert', referencing: 'new table as new_rows', parts: [rows('new_rows', '')] },
      {
        event: 'update',
        // (transition tables allow no column list: every update of a line)
        on: 'update',
        referencing: 'old table as old_rows new table as new_rows',
        parts: [rows('old_rows', '-'), rows('new_rows', '')],
      },
      { event: 'delete', on: 'delete', referencing: 'old table as old_rows', parts: [rows('old_rows', '-')] },
    ];
    for (const { event, on, referencing, parts } of events) {
      await sql
        .raw(
          `create function report_vat_${table}_${event}() returns trigger language plpgsql as $$
           begin ${bump(parts)}; return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger report_vat_${table}_${event} after ${on} on ${table}
           referencing ${referencing} for each statement execute function report_vat_${table}_${event}()`,
        )
        .execute(db);
    }
  };
  await lineTriggers('pos_order_items', (lines, sign) => saleLines(lines, `${lines},`, sign));
  await lineTriggers('pos_refund_items', (lines, sign) => givenLines(lines, `${lines},`, sign));
}
