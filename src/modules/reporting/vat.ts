import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { fromCents } from '../../lib/money.js';
import { SALE_LINE_GROSS, vatSumsOf, type VatSumCents } from '../pos/service.js';
import type { ReportRange } from './range.js';
import { nearRows, nearSplit } from './rollups.js';

/*
 * `vat`: the VAT per rate of a period, for the salon's VAT return. Sales are the lines of the
 * paid orders created in the period and refunds the lines of the refunds completed in it:
 * the reports' definition of sales minus refunds (the sales summary's), so a refund lowers the
 * period it was given back in, whichever period the sale was in. The sums are the till's own
 * (pos vat-sums): each line's VAT as recorded, added up, net = gross − VAT per rate.
 * Whole months come from the rollup the lines' triggers keep (report_vat_months, per UTC month
 * and rate); the hours between the period's ends and the nearest month starts from the lines of
 * the orders (pos_orders_paid_created) and refunds (pos_refunds_completed) of those hours.
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

/** One rate's sums of a range: lines (how many), gross and VAT, in cents. */
interface RateRow {
  rate: unknown;
  lines: unknown;
  gross: unknown;
  vat: unknown;
}

/**
 * Per rate, the sale lines of the paid orders created in the range and the refund lines of the
 * refunds completed in it: the rollup's months (migration 0081), corrected at the edges from
 * the lines themselves (nearSplit). A rate is listed when the range has lines at that rate.
 */
async function rateSums(db: Executor, range: ReportRange, kind: 'sale' | 'refund'): Promise<RateRow[]> {
  const edge = (start: string, end: string, sign: 1 | -1) => {
    const s = sql.raw(sign === 1 ? '' : '-');
    return kind === 'sale'
      ? sql`select i.vat_rate as rate, ${s}count(*) as lines, ${s}sum(${SALE_LINE_GROSS}) as gross, ${s}sum(i.vat_amount) as vat
          from pos_orders o join pos_order_items i on i.order_id = o.id
          where o.payment_status = 'paid' and o.created_at >= ${start} and o.created_at < ${end}
          group by i.vat_rate`
      : sql`select i.vat_rate as rate, ${s}count(*) as lines, ${s}sum(i.amount) as gross, ${s}sum(i.vat_amount) as vat
          from pos_refunds r join pos_refund_items i on i.refund_id = r.id
          where r.status = 'completed' and r.completed_at >= ${start} and r.completed_at < ${end}
          group by i.vat_rate`;
  };
  const columns = sql.raw(
    kind === 'sale'
      ? 'rate, sale_lines as lines, sale_gross as gross, sale_vat as vat'
      : 'rate, refund_lines as lines, refund_gross as gross, refund_vat as vat',
  );
  const rows = nearRows(
    nearSplit(range.fromUtc as string, range.toUtc as string, 'instant'),
    ({ from, to }) => sql`select ${columns} from report_vat_months where month >= ${from} and month < ${to}`,
    edge,
    sql`select ${columns} from report_vat_months where 1 = 0`,
  );
  const result = await sql<RateRow>`
    select rate, sum(lines) as lines, sum(gross) as gross, sum(vat) as vat
    from (${rows}) as r group by rate having sum(lines) > 0`.execute(db);
  return result.rows;
}

export async function vatReport(db: Executor, range: ReportRange, period: { from: string; to: string }) {
  const [sales, refunds] = await Promise.all([rateSums(db, range, 'sale'), rateSums(db, range, 'refund')]);
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
