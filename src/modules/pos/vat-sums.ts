import { sql } from 'kysely';

/*
 * VAT per rate over many sales and refunds, summed by the database: the one way the Z report
 * and the VAT report add up the till's VAT. Each line carries its own VAT, rounded half-up to
 * the cent when it was recorded (totals.ts); a sum only adds those amounts, never recomputes
 * them from a rate, so a period's VAT equals the sum of its receipts' VAT to the cent.
 * A sale line's gross is what it finally cost (line_total less its discount and loyalty
 * shares, the part the VAT is included in); a refund line's gross is the amount given back.
 * Gift cards sold are no lines: they are outside VAT.
 */

/** A sale line's gross in cents, on `pos_order_items` aliased `i`. */
export const SALE_LINE_GROSS = sql<number>`i.line_total - i.discount_amount - i.loyalty_amount`;

/** One rate's sums in cents (rate in hundredths of a percent); net = gross − VAT. */
export interface VatSumCents {
  rate: number;
  net: number;
  vat: number;
  gross: number;
}

/** Rows of `rate, SUM(gross), SUM(vat)` (PostgreSQL answers sums as text) as cents per rate. */
export function vatSumsOf(rows: { rate: unknown; gross: unknown; vat: unknown }[]): VatSumCents[] {
  const n = (value: unknown) => Number(value ?? 0);
  return rows.map((row) => ({
    rate: n(row.rate),
    gross: n(row.gross),
    vat: n(row.vat),
    net: n(row.gross) - n(row.vat),
  }));
}
