/*
 * The order maths of the till, pure and in integer cents, so that every figure can be checked
 * by hand and the stored totals add up to the cent:
 *
 *   line_total      = price × quantity                       (prices are gross: VAT included)
 *   subtotal        = Σ line_total
 *   discount_amount = promotion: percentage of the eligible lines' subtotal, half-up, or a
 *                     fixed amount; never more than the eligible subtotal
 *   loyalty_amount  = the reward's value, never more than what is left after the discount
 *   total           = subtotal − discount_amount − loyalty_amount           (the order's value)
 *   gift_card_amount= min(gift-card balance, total)
 *   amount_due      = total − gift_card_amount + gift_cards_sold            (paid by the method)
 *
 * Both discounts are spread over the lines (the promotion over its eligible lines, loyalty
 * over all) in proportion to what each line still costs, by the largest-remainder method: the
 * shares are whole cents and add up exactly to the order's amount. Each line's VAT is the part
 * included in what the line finally costs, `net × rate / (100 + rate)`, rounded half-up to the
 * cent; vat_total is the sum of the lines' VAT, so it never differs from them by a cent.
 */

/** Hundredths of a percent: 21 % is 2100. */
export type RateHundredths = number;

export interface LineInput {
  /** unit gross price in cents, ≥ 0 */
  price: number;
  quantity: number;
  vatRate: RateHundredths;
  /** whether the promotion applies to this line */
  discountable: boolean;
}

export type Promotion = { type: 'percentage'; value: RateHundredths } | { type: 'fixed'; value: number };

export interface OrderInput {
  lines: LineInput[];
  promotion?: Promotion | null;
  /** value of the loyalty reward being redeemed, in cents */
  loyaltyReward?: number;
  /** balance of the gift card presented, in cents */
  giftCardBalance?: number;
  /** face value of gift cards sold in the order, in cents */
  giftCardsSold?: number;
}

export interface LineTotals {
  line_total: number;
  discount_amount: number;
  loyalty_amount: number;
  vat_amount: number;
}

export interface OrderTotals {
  lines: LineTotals[];
  subtotal: number;
  discount_amount: number;
  loyalty_amount: number;
  total: number;
  gift_card_amount: number;
  gift_cards_sold: number;
  amount_due: number;
  vat_total: number;
}

/** a × b / c rounded half-up, for non-negative integers, exactly (no floating-point fraction). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  if (c === 0) return 0;
  const result = (2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c));
  return Number(result);
}

/** The VAT included in a gross amount at this rate, half-up to the cent. */
export function includedVat(gross: number, rate: RateHundredths): number {
  return mulDivHalfUp(gross, rate, 10_000 + rate);
}

/**
 * Splits `amount` over `weights` in proportion, in whole units that add up exactly to
 * `amount` (largest remainder; ties go to the earlier line). `amount` ≤ Σ weights, so no
 * share exceeds its weight.
 */
export function allocate(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (amount === 0 || sum === 0) return weights.map(() => 0);
  const big = BigInt(amount);
  const bigSum = BigInt(sum);
  const shares = weights.map((w) => Number((big * BigInt(w)) / bigSum));
  const remainders = weights.map((w, index) => ({ index, rest: (big * BigInt(w)) % bigSum }));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

export function computeOrderTotals(input: OrderInput): OrderTotals {
  const lineTotals = input.lines.map((line) => line.price * line.quantity);
  const subtotal = lineTotals.reduce((a, b) => a + b, 0);

  const eligible = input.lines.map((line, i) => (line.discountable ? (lineTotals[i] ?? 0) : 0));
  const eligibleTotal = eligible.reduce((a, b) => a + b, 0);
  let discount = 0;
  if (input.promotion) {
    discount =
      input.promotion.type === 'percentage'
        ? mulDivHalfUp(eligibleTotal, Math.min(input.promotion.value, 10_000), 10_000)
        : Math.min(input.promotion.value, eligibleTotal);
  }
  const discountShares = allocate(discount, eligible);

  const afterDiscount = lineTotals.map((total, i) => total - (discountShares[i] ?? 0));
  const loyalty = Math.min(input.loyaltyReward ?? 0, subtotal - discount);
  const loyaltyShares = allocate(loyalty, afterDiscount);

  const lines = input.lines.map((line, i) => {
    const lineTotal = lineTotals[i] ?? 0;
    const discountAmount = discountShares[i] ?? 0;
    const loyaltyAmount = loyaltyShares[i] ?? 0;
    return {
      line_total: lineTotal,
      discount_amount: discountAmount,
      loyalty_amount: loyaltyAmount,
      vat_amount: includedVat(lineTotal - discountAmount - loyaltyAmount, line.vatRate),
    };
  });

  const total = subtotal - discount - loyalty;
  const giftCardAmount = Math.min(input.giftCardBalance ?? 0, total);
  const giftCardsSold = input.giftCardsSold ?? 0;
  return {
    lines,
    subtotal,
    discount_amount: discount,
    loyalty_amount: loyalty,
    total,
    gift_card_amount: giftCardAmount,
    gift_cards_sold: giftCardsSold,
    amount_due: total - giftCardAmount + giftCardsSold,
    vat_total: lines.reduce((sum, line) => sum + line.vat_amount, 0),
  };
}
