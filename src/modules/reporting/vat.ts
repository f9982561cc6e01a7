import type { Executor } from '../../db/executor.js';
import { fromCents } from '../../lib/money.js';
import { SALE_LINE_GROSS, vatSumsOf, type VatSumCents } from '../pos/service.js';
import type { ReportRange } from './range.js';

/*
 * `vat`: the VAT per rate of a period, for the salon's VAT return. Sales are the lines of the
 * paid orders created in the period and refunds the lines of the refunds completed in it:
 * the reports' definition of sales minus refunds (the sales summary's), so a refund lowers the
 * period it was given back in, whichever period the sale was in. The sums are the till's own
 * (pos vat-sums): each line's VAT as recorded, added up, net = gross − VAT per rate.
 * Read over pos_orders_paid_created and pos_refunds_completed (two range scans) and the lines
 * by their order / refund index.
 */

interface Part {
  net: number;
  vat: number;
  gross: number;
}

const ZERO: Part = { net: 0, vat: 0, gross: 0 };
const out = (part: Part) => ({ net: fromCents(part.net), vat: fromCents(part.vat), gross: fromCents(part.gross) });
const minus = (a: Part, b: Part): Part => ({ net: a.net - b.net, vat: a.vat - b.vat, gross: a.gross - b.gross });
const plus = (a: Part, b: Part): Part => ({ net: a.net + b.net, vat: a.vat + b.vat, gross: a.gross + b.gross });

export async function vatReport(db: Executor, range: ReportRange, period: { from: string; to: string }) {
  const [sales, refunds] = await Promise.all([
    db
      .selectFrom('pos_orders as o')
      .innerJoin('pos_order_items as i', 'i.order_id', 'o.id')
      .where('o.payment_status', '=', 'paid')
      .where('o.created_at', '>=', range.fromUtc as string)
      .where('o.created_at', '<', range.toUtc as string)
      .select('i.vat_rate as rate')
      .select((eb) => [eb.fn.sum<number>(SALE_LINE_GROSS).as('gross'), eb.fn.sum<number>('i.vat_amount').as('vat')])
      .groupBy('i.vat_rate')
      .execute(),
    db
      .selectFrom('pos_refunds as r')
      .innerJoin('pos_refund_items as i', 'i.refund_id', 'r.id')
      .where('r.status', '=', 'completed')
      .where('r.completed_at', '>=', range.fromUtc as string)
      .where('r.completed_at', '<', range.toUtc as string)
      .select('i.vat_rate as rate')
      .select((eb) => [eb.fn.sum<number>('i.amount').as('gross'), eb.fn.sum<number>('i.vat_amount').as('vat')])
      .groupBy('i.vat_rate')
      .execute(),
  ]);
  const byRate = (rows: VatSumCents[]) => new Map(rows.map((row) => [row.rate, row]));
  const sold = byRate(vatSumsOf(sales));
  const given = byRate(vatSumsOf(refunds));
  const rates = [...new Set([...sold.keys(), ...given.keys()])].sort((a, b) => b - a);
  let totalSales = ZERO;
  let totalRefunds = ZERO;
  const rows = rates.map((rate) => {
    const s = sold.get(rate) ?? ZERO;
    const r = given.get(rate) ?? ZERO;
    totalSales = plus(totalSales, s);
    totalRefunds = plus(totalRefunds, r);
    return { rate: fromCents(rate), sales: out(s), refunds: out(r), ...out(minus(s, r)) };
  });
  return {
    from: period.from,
    to: period.to,
    rates: rows,
    totals: { sales: out(totalSales), refunds: out(totalRefunds), ...out(minus(totalSales, totalRefunds)) },
  };
}
