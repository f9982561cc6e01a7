import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { lockRows } from '../../db/locks.js';
import { readSettings } from '../../db/settings.js';
import type { DB } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { paginate, type Page, type PageRequest } from '../../http/pagination.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { fromCents, toCents } from '../../lib/money.js';
import { formatInstant, nowIso, todayIn } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import { appendJournal, receiptNumber } from './journal.js';
import { SALE_LINE_GROSS, vatSumsOf } from './vat-sums.js';

/*
 * The cash drawer and the end of the day. One drawer for the salon (orders have no location).
 *
 * A day is opened with a float; cash is paid in and out with a reason; each is a till journal
 * entry (kind `cash`, body `action`). The day's business is read from the journal: every sale,
 * refund, void and movement journalled after the previous day's close up to this day's close.
 * A sale made after a close is therefore the next day's, and a refund of a closed day's sale is
 * a new entry counted on the day it is made. (The first day starts after the journal's last
 * entry when it is opened: sales made before the drawer was ever used are in no Z report.)
 *
 * The close is a blind count: the counted cash (per denomination or a total) is given before
 * anything shows what is expected; the answer is the Z report. Staff never read the expected
 * cash of an open day; an admin may (the owner checks the drawer, the desk counts it).
 *
 * The close holds the journal's head lock while it computes the figures, so no entry can slip
 * between the figures and the close entry. Every figure is an SQL aggregate over the day's
 * journal range (the journal's primary key), never rows loaded into the process.
 */

/** Notes and coins per currency, in cents, largest first. Another currency counts a total. */
const DENOMINATIONS: Record<string, readonly number[]> = {
  EUR: [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1],
  USD: [10000, 5000, 2000, 1000, 500, 200, 100, 50, 25, 10, 5, 1],
  GBP: [5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1],
  CHF: [100000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5],
};

export interface CountInput {
  total?: number;
  denominations?: { value: number; count: number }[];
}

export interface CloseInput {
  counted: CountInput;
  reason?: string;
}

type Executor = Kysely<DB> | Transaction<DB>;

const isAdmin = (caller: AuthUser) => caller.role === 'admin';

async function openDay(db: Executor) {
  return db.selectFrom('pos_drawer_days').selectAll().where('open_slot', '=', 1).executeTakeFirst();
}

/** Opens the day with a float (currency units); 409 `drawer_already_open` while a day is open. */
export async function openDrawer(ctx: AppContext, caller: AuthUser, input: { float: number }) {
  const float = toCents(input.float);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const previous = await trx
        .selectFrom('pos_drawer_days')
        .select('close_journal_id')
        .where('close_journal_id', 'is not', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const head = await trx
        .selectFrom('pos_journal_head')
        .select('last_id')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      const { id } = await trx
        .insertInto('pos_drawer_days')
        .values({
          open_slot: 1,
          float_amount: float,
          from_journal_id: Number(previous?.close_journal_id ?? head.last_id),
          opened_at: nowIso(),
          opened_by: caller.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await appendJournal(trx, ctx.dialect, {
        kind: 'cash',
        orderId: null,
        clientId: null,
        staffId: caller.id,
        amount: float,
        paymentMethod: 'cash',
        body: { action: 'open', day_id: id },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('drawer_already_open', 'A day is open already: close it first');
    throw error;
  }
  return getDrawer(ctx, caller);
}

/** Cash paid in (positive) or out (negative) of the open day, with a reason. */
export async function moveCash(ctx: AppContext, caller: AuthUser, input: { amount: number; reason: string }) {
  const amount = toCents(input.amount);
  const reason = input.reason.trim();
  if (reason === '') {
    throw badRequest('validation_failed', 'A cash movement needs a reason', [
      { field: 'reason', message: 'must not be empty' },
    ]);
  }
  if (amount === 0) {
    throw badRequest('validation_failed', 'A cash movement moves money', [
      { field: 'amount', message: 'must not be 0: positive paid in, negative paid out' },
    ]);
  }
  await ctx.db.transaction().execute(async (trx) => {
    const day = await lockRows(
      trx.selectFrom('pos_drawer_days').select('id').where('open_slot', '=', 1),
      ctx.dialect,
    ).executeTakeFirst();
    if (!day) throw conflict('drawer_not_open', 'No day is open: open the drawer with a float first');
    await appendJournal(trx, ctx.dialect, {
      kind: 'cash',
      orderId: null,
      clientId: null,
      staffId: caller.id,
      amount,
      paymentMethod: 'cash',
      body: { action: amount > 0 ? 'pay_in' : 'pay_out', day_id: day.id, reason },
    });
  });
  return getDrawer(ctx, caller);
}

/** The open day: its float and movements; the expected cash for an admin only (blind count). */
export async function getDrawer(ctx: AppContext, caller: AuthUser) {
  const day = await openDay(ctx.db);
  if (!day) throw notFound('open drawer day');
  const { timezone, currency } = await readSettings(ctx.db);
  const movements = await ctx.db
    .selectFrom('pos_journal')
    .select(['id', 'year', 'number', 'amount', 'body', 'created_at', 'staff_id'])
    .where('id', '>', day.from_journal_id)
    .where('kind', '=', 'cash')
    .orderBy('id')
    .execute();
  const cashMovements = movements
    .map((entry) => ({ entry, body: JSON.parse(entry.body) as { action: string; reason?: string } }))
    .filter(({ body }) => body.action === 'pay_in' || body.action === 'pay_out')
    .map(({ entry, body }) => ({
      amount: fromCents(Number(entry.amount)),
      reason: body.reason ?? '',
      staff_id: entry.staff_id,
      receipt_number: receiptNumber(Number(entry.year), Number(entry.number)),
      created_at: formatInstant(entry.created_at, timezone),
    }));
  const answer = {
    id: day.id,
    opened_at: formatInstant(day.opened_at, timezone),
    opened_by: day.opened_by,
    float: fromCents(day.float_amount),
    movements: cashMovements,
    currency,
    denominations: (DENOMINATIONS[currency] ?? []).map(fromCents),
  };
  if (!isAdmin(caller)) return answer;
  const figures = await dayFigures(ctx.db, day.from_journal_id, null, day.float_amount);
  return { ...answer, expected_cash: fromCents(figures.cash.expected) };
}

interface VatRow {
  rate: number;
  net: number;
  vat: number;
  gross: number;
}

/** An SQL aggregate as a number: a sum over no rows is null. */
const n = (value: unknown) => Number(value ?? 0);

/**
 * Sales per payment method, in cents, from the per-method aggregates: the cash part of a split
 * payment (a card or online order paid partly in cash at the till) counts as cash, the rest as
 * its method. `orders`: the orders that paid by the method, so a split order counts under both.
 */
function salesByMethod(
  rows: { method: string; orders: unknown; amount: unknown; cash_part: unknown; split_orders: unknown }[],
): { method: string; orders: number; amount: number }[] {
  const out = rows.map((row) => ({ method: row.method, orders: n(row.orders), amount: n(row.amount) }));
  const cashPart = rows.reduce((sum, row) => sum + n(row.cash_part), 0);
  if (cashPart === 0) return out;
  const splitOrders = rows.reduce((sum, row) => sum + n(row.split_orders), 0);
  const cash = out.find((row) => row.method === 'cash');
  if (cash) {
    cash.amount += cashPart;
    cash.orders += splitOrders;
    return out;
  }
  return [...out, { method: 'cash', orders: splitOrders, amount: cashPart }].sort((a, b) =>
    a.method < b.method ? -1 : 1,
  );
}

/** The day's figures in cents, every one an SQL aggregate over the journal range (from, to). */
async function dayFigures(db: Executor, from: number, to: number | null, float: number) {
  const range = (column: string) =>
    to === null
      ? sql<boolean>`${sql.ref(column)} > ${from}`
      : sql<boolean>`${sql.ref(column)} > ${from} and ${sql.ref(column)} < ${to}`;
  const sales = await db
    .selectFrom('pos_journal as j')
    .innerJoin('pos_orders as o', 'o.id', 'j.order_id')
    .where(range('j.id'))
    .where('j.kind', '=', 'sale')
    .select('o.payment_method as method')
    .select((eb) => [
      eb.fn.countAll<number>().as('orders'),
      // What the method took at the till: a booking's deposit was paid online before, and the
      // cash part of a split payment is cash's (below).
      eb.fn.sum<number>(sql`o.amount_due - o.deposit_amount - o.cash_amount`).as('amount'),
      eb.fn.sum<number>('o.cash_amount').as('cash_part'),
      eb.fn.sum<number>(sql`case when o.cash_amount > 0 then 1 else 0 end`).as('split_orders'),
      eb.fn.sum<number>('o.total').as('total'),
      eb.fn.sum<number>('o.discount_amount').as('discounts'),
      eb.fn.sum<number>('o.loyalty_amount').as('loyalty'),
      eb.fn.sum<number>('o.gift_card_amount').as('gift_redeemed'),
      eb.fn.sum<number>('o.gift_cards_sold').as('gift_sold'),
    ])
    .groupBy('o.payment_method')
    .orderBy('o.payment_method')
    .execute();
  const salesVat = await db
    .selectFrom('pos_journal as j')
    .innerJoin('pos_order_items as i', 'i.order_id', 'j.order_id')
    .where(range('j.id'))
    .where('j.kind', '=', 'sale')
    .select('i.vat_rate as rate')
    .select((eb) => [eb.fn.sum<number>(SALE_LINE_GROSS).as('gross'), eb.fn.sum<number>('i.vat_amount').as('vat')])
    .groupBy('i.vat_rate')
    .orderBy('i.vat_rate')
    .execute();
  const refunds = await db
    .selectFrom('pos_journal as j')
    .innerJoin('pos_refunds as r', 'r.id', 'j.refund_id')
    .where(range('j.id'))
    .where('j.kind', '=', 'refund')
    .select('r.method as method')
    .select((eb) => [eb.fn.countAll<number>().as('refunds'), eb.fn.sum<number>('r.amount').as('amount')])
    .groupBy('r.method')
    .orderBy('r.method')
    .execute();
  const refundsVat = await db
    .selectFrom('pos_journal as j')
    .innerJoin('pos_refund_items as i', 'i.refund_id', 'j.refund_id')
    .where(range('j.id'))
    .where('j.kind', '=', 'refund')
    .select('i.vat_rate as rate')
    .select((eb) => [eb.fn.sum<number>('i.amount').as('gross'), eb.fn.sum<number>('i.vat_amount').as('vat')])
    .groupBy('i.vat_rate')
    .orderBy('i.vat_rate')
    .execute();
  const voids = await db
    .selectFrom('pos_journal as j')
    .innerJoin('pos_orders as o', 'o.id', 'j.order_id')
    .where(range('j.id'))
    .where('j.kind', '=', 'void')
    .select((eb) => [eb.fn.countAll<number>().as('voids'), eb.fn.sum<number>('o.total').as('total')])
    .executeTakeFirstOrThrow();
  // Movements are signed (in positive, out negative); the open entry (the float) is left out.
  const cash = await db
    .selectFrom('pos_journal as j')
    .where(range('j.id'))
    .where('j.kind', '=', 'cash')
    .where(sql<boolean>`j.body not like ${'%"action":"open"%'}`)
    .select((eb) => [
      eb.fn.sum<number>(sql`case when j.amount > 0 then j.amount else 0 end`).as('paid_in'),
      eb.fn.sum<number>(sql`case when j.amount < 0 then -j.amount else 0 end`).as('paid_out'),
      eb.fn.countAll<number>().as('movements'),
    ])
    .executeTakeFirstOrThrow();

  const vatRows = (rows: { rate: number; gross: unknown; vat: unknown }[]): VatRow[] => vatSumsOf(rows);
  const sum = <T>(rows: T[], pick: (row: T) => unknown) => rows.reduce((total, row) => total + n(pick(row)), 0);
  const byMethod = salesByMethod(sales);
  const cashSales = byMethod.find((row) => row.method === 'cash')?.amount ?? 0;
  const cashRefunds = n(refunds.find((row) => row.method === 'cash')?.amount);
  const paidIn = n(cash.paid_in);
  const paidOut = n(cash.paid_out);
  return {
    sales: {
      orders: sum(sales, (row) => row.orders),
      total: sum(sales, (row) => row.total),
      by_method: byMethod,
      by_vat_rate: vatRows(salesVat),
    },
    refunds: {
      count: sum(refunds, (row) => row.refunds),
      total: sum(refunds, (row) => row.amount),
      by_method: refunds.map((row) => ({ method: row.method, refunds: n(row.refunds), amount: n(row.amount) })),
      by_vat_rate: vatRows(refundsVat),
    },
    voids: { count: n(voids.voids), total: n(voids.total) },
    discounts: { promotions: sum(sales, (row) => row.discounts), loyalty: sum(sales, (row) => row.loyalty) },
    gift_cards: { sold: sum(sales, (row) => row.gift_sold), redeemed: sum(sales, (row) => row.gift_redeemed) },
    cash: {
      float,
      sales: cashSales,
      refunds: cashRefunds,
      paid_in: paidIn,
      paid_out: paidOut,
      movements: n(cash.movements),
      expected: float + cashSales - cashRefunds + paidIn - paidOut,
    },
  };
}

type Figures = Awaited<ReturnType<typeof dayFigures>>;

/** The counted cash in cents; 400 naming the field when it is not a count of this currency. */
function countedCents(counted: CountInput, currency: string) {
  if ((counted.total === undefined) === (counted.denominations === undefined)) {
    throw badRequest('validation_failed', 'Give the counted cash as a total or per denomination, not both', [
      { field: 'counted', message: 'give exactly one of total, denominations' },
    ]);
  }
  if (counted.total !== undefined) return { cents: toCents(counted.total), denominations: null };
  const allowed = DENOMINATIONS[currency];
  if (!allowed) {
    throw badRequest('validation_failed', `No notes and coins are known for ${currency}: count a total`, [
      { field: 'counted.denominations', message: `unknown for ${currency}; give counted.total` },
    ]);
  }
  const seen = new Set<number>();
  const lines = (counted.denominations ?? []).map((line, index) => {
    const value = toCents(line.value);
    if (!allowed.includes(value)) {
      throw badRequest('validation_failed', `${line.value} is not a note or coin of ${currency}`, [
        {
          field: `counted.denominations.${index}.value`,
          message: `must be one of ${allowed.map(fromCents).join(', ')}`,
        },
      ]);
    }
    if (seen.has(value)) {
      throw badRequest('validation_failed', 'A denomination is counted twice', [
        { field: `counted.denominations.${index}.value`, message: 'appears twice' },
      ]);
    }
    seen.add(value);
    return { value, count: line.count };
  });
  return { cents: lines.reduce((total, line) => total + line.value * line.count, 0), denominations: lines };
}

/**
 * Closes the open day with a blind count: the Z report, numbered gap-free per year. 409
 * `drawer_not_open` when no day is open (also a second close of the same day); 400 on
 * `reason` when the count differs from the expected cash and no reason is given.
 */
export async function closeDrawer(ctx: AppContext, caller: AuthUser, input: CloseInput) {
  const settings = await readSettings(ctx.db);
  const counted = countedCents(input.counted, settings.currency);
  const reason = input.reason?.trim() ?? '';
  const id = await ctx.db.transaction().execute(async (trx) => {
    const day = await lockRows(
      trx.selectFrom('pos_drawer_days').selectAll().where('open_slot', '=', 1),
      ctx.dialect,
    ).executeTakeFirst();
    if (!day) throw conflict('drawer_not_open', 'No day is open: it was closed already, or never opened');
    // The journal's head, held to the commit: no entry is appended between the figures and the close.
    await lockRows(trx.selectFrom('pos_journal_head').select('id').where('id', '=', 1), ctx.dialect).execute();
    const figures = await dayFigures(trx, day.from_journal_id, null, day.float_amount);
    const difference = counted.cents - figures.cash.expected;
    if (difference !== 0 && reason === '') {
      throw badRequest('validation_failed', 'The count differs from the expected cash: give the reason', [
        { field: 'reason', message: 'required when counted and expected differ' },
      ]);
    }
    const timezone = await readTimezone(trx);
    const year = Number(todayIn(timezone).slice(0, 4));
    const last = await trx
      .selectFrom('pos_drawer_days')
      .select((eb) => eb.fn.max('z_number').as('n'))
      .where('z_year', '=', year)
      .executeTakeFirst();
    const number = Number(last?.n ?? 0) + 1;
    const report = {
      ...figures,
      cash: {
        ...figures.cash,
        counted: counted.cents,
        denominations: counted.denominations,
        difference,
        reason: difference === 0 && reason === '' ? null : reason,
      },
    };
    const entry = await appendJournal(trx, ctx.dialect, {
      kind: 'cash',
      orderId: null,
      clientId: null,
      staffId: caller.id,
      amount: 0,
      paymentMethod: null,
      body: {
        action: 'close',
        day_id: day.id,
        z_report: zNumber(year, number),
        expected: figures.cash.expected,
        counted: counted.cents,
        difference,
        reason: report.cash.reason,
      },
    });
    await trx
      .updateTable('pos_drawer_days')
      .set({
        open_slot: null,
        closed_at: entry.createdAt,
        closed_by: caller.id,
        close_journal_id: entry.id,
        z_year: year,
        z_number: number,
        figures: JSON.stringify(report),
      })
      .where('id', '=', day.id)
      .execute();
    return day.id;
  });
  return getZReport(ctx.db, id);
}

export function zNumber(year: number, number: number): string {
  return `Z-${year}-${String(number).padStart(4, '0')}`;
}

type StoredReport = Figures & {
  cash: Figures['cash'] & {
    counted: number;
    denominations: { value: number; count: number }[] | null;
    difference: number;
    reason: string | null;
  };
};

const money = (cents: number) => fromCents(cents);
const vatOut = (rows: VatRow[]) =>
  rows.map((row) => ({ rate: fromCents(row.rate), net: money(row.net), vat: money(row.vat), gross: money(row.gross) }));

function toZReport(
  row: {
    id: number;
    z_year: number | null;
    z_number: number | null;
    opened_at: string;
    opened_by: number | null;
    closed_at: string | null;
    closed_by: number | null;
    figures: string | null;
  },
  timezone: string,
) {
  const f = JSON.parse(row.figures ?? '{}') as StoredReport;
  return {
    id: row.id,
    number: zNumber(Number(row.z_year), Number(row.z_number)),
    opened_at: formatInstant(row.opened_at, timezone),
    opened_by: row.opened_by,
    closed_at: formatInstant(row.closed_at ?? '', timezone),
    closed_by: row.closed_by,
    sales: {
      orders: f.sales.orders,
      total: money(f.sales.total),
      by_method: f.sales.by_method.map((m) => ({ ...m, amount: money(m.amount) })),
      by_vat_rate: vatOut(f.sales.by_vat_rate),
    },
    refunds: {
      count: f.refunds.count,
      total: money(f.refunds.total),
      by_method: f.refunds.by_method.map((m) => ({ ...m, amount: money(m.amount) })),
      by_vat_rate: vatOut(f.refunds.by_vat_rate),
    },
    voids: { count: f.voids.count, total: money(f.voids.total) },
    discounts: { promotions: money(f.discounts.promotions), loyalty: money(f.discounts.loyalty) },
    gift_cards: { sold: money(f.gift_cards.sold), redeemed: money(f.gift_cards.redeemed) },
    cash: {
      float: money(f.cash.float),
      sales: money(f.cash.sales),
      refunds: money(f.cash.refunds),
      paid_in: money(f.cash.paid_in),
      paid_out: money(f.cash.paid_out),
      movements: f.cash.movements,
      expected: money(f.cash.expected),
      counted: money(f.cash.counted),
      denominations: f.cash.denominations?.map((d) => ({ value: money(d.value), count: d.count })) ?? null,
      difference: money(f.cash.difference),
      reason: f.cash.reason,
    },
  };
}

export type ZReportOutput = ReturnType<typeof toZReport>;

export async function getZReport(db: Kysely<DB>, id: number): Promise<ZReportOutput> {
  const row = await db
    .selectFrom('pos_drawer_days')
    .selectAll()
    .where('id', '=', id)
    .where('closed_at', 'is not', null)
    .executeTakeFirst();
  if (!row) throw notFound('Z report');
  return toZReport(row, await readTimezone(db));
}

/** Z reports, newest first. */
export async function listZReports(
  db: Kysely<DB>,
  request: PageRequest,
): Promise<ZReportOutput[] | Page<ZReportOutput>> {
  const timezone = await readTimezone(db);
  const base = db.selectFrom('pos_drawer_days').where('closed_at', 'is not', null);
  const count = async () =>
    Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return paginate(base.selectAll().orderBy('id', 'desc'), count, request, (row) => toZReport(row, timezone));
}
