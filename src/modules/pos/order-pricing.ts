import type { PaymentStatus } from '../../db/tables/pos.js';
import { badRequest } from '../../lib/errors.js';
import { toCents } from '../../lib/money.js';
import { pointsEarned, type LoyaltyRules } from '../loyalty/service.js';
import type { PromotionForOrder } from '../promotions/service.js';
import type { CatalogueItem } from './catalogue.js';
import type { OrderCreateInput, OrderItemInput } from './schemas.js';
import { computeOrderTotals, type OrderTotals } from './totals.js';

/*
 * What a POS order costs and how it is paid, from what the till asked and what the books say
 * (the catalogue's prices, the promotion, the loyalty reward, the gift card's balance), with
 * no database and no clock: the transaction that reads and locks those and writes the order
 * is order-recording.ts. The amounts themselves are totals.ts (integer cents, VAT per line,
 * discounts spread by largest remainder).
 */

const invalidLine = (index: number, field: string, code: string, message: string) =>
  badRequest(code, message, [{ field: `items.${index}.${field}`, message }]);

/** Refuses an order the schema lets through but no till can ring up: nothing sold, package credit on a non-service line. */
export function checkOrderInput(input: OrderCreateInput): void {
  if (input.items.length === 0 && (input.gift_cards ?? []).length === 0) {
    throw badRequest('validation_failed', 'An order needs at least one item or gift card', [
      { field: 'items', message: 'must not be empty' },
    ]);
  }
  input.items.forEach((item, index) => {
    if (item.use_package_credit && item.type !== 'service') {
      throw invalidLine(index, 'use_package_credit', 'validation_failed', 'only service lines can use package credit');
    }
  });
}

/**
 * Cash, nothing due, and a card with no card provider configured (a standalone terminal) are
 * paid at the till; a card through a configured provider and online start pending.
 */
export function paymentStatusAtOnce(
  method: OrderCreateInput['payment_method'],
  amountDue: number,
  cardProviderConfigured: boolean,
): PaymentStatus {
  if (amountDue === 0 || method === 'cash') return 'paid';
  if (method === 'card' && !cardProviderConfigured) return 'paid';
  return 'pending';
}

/** What the books say about an order, read (and locked) by the transaction that records it. */
export interface OrderFacts {
  /** The active catalogue entry of each line, keyed `type:id`. */
  catalogue: ReadonlyMap<string, CatalogueItem>;
  promotion: PromotionForOrder | null;
  /** The value in cents of the loyalty points redeemed (0 when none are). */
  loyaltyReward: number;
  giftCard: { id: number; balance: number } | null;
  loyaltyRules: LoyaltyRules;
  cardProviderConfigured: boolean;
  /** The deposit paid online for the booking checked out, cents (0 without one). */
  depositPaid: number;
}

export interface PricedLine {
  item: OrderItemInput;
  index: number;
  known: CatalogueItem;
  /** The unit price charged, cents: 0 on package credit, else the till's price or the catalogue's. */
  price: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  totals: OrderTotals;
  status: PaymentStatus;
  /** The part of amount_due the deposit paid: at most amount_due, never collected again. */
  deposit: number;
  /** Loyalty points earned now: only an order paid at once earns them here (a pending one on settlement). */
  earned: number;
}

export function priceOrder(input: OrderCreateInput, facts: OrderFacts): PricedOrder {
  const { promotion } = facts;
  const lines = input.items.map((item, index) => {
    const known = facts.catalogue.get(`${item.type}:${item.id}`) as CatalogueItem;
    const price = item.use_package_credit ? 0 : item.price === undefined ? known.price : toCents(item.price);
    return { item, index, known, price };
  });
  const totals = computeOrderTotals({
    lines: lines.map((line) => ({
      price: line.price,
      quantity: line.item.quantity,
      vatRate: line.known.vatRate,
      discountable: promotion !== null && promotion.appliesTo.includes(line.item.type),
    })),
    promotion: promotion?.discount ?? null,
    loyaltyReward: facts.loyaltyReward,
    giftCardBalance: facts.giftCard?.balance ?? 0,
    giftCardsSold: (input.gift_cards ?? []).reduce((sum, sale) => sum + toCents(sale.amount), 0),
  });
  // A deposit larger than what the order comes to pays it whole; the rest is not given back here.
  const deposit = Math.min(facts.depositPaid, totals.amount_due);
  const status = paymentStatusAtOnce(input.payment_method, totals.amount_due - deposit, facts.cardProviderConfigured);
  // Points on everything the client paid for the order, the deposit included.
  const earned = status === 'paid' ? pointsEarned(facts.loyaltyRules, totals.amount_due) : 0;
  return { lines, totals, status, earned, deposit };
}
