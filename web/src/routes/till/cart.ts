// The generated types themselves (not api/client): the node unit tests compile this file too.
import type { components } from '../../api/schema.gen.js';

type Schemas = components['schemas'];

/*
 * The till's cart: local state of one checkout (a reducer), never a copy of the service's.
 * What an order costs is the service's answer (its VAT, discount, loyalty and deposit
 * arithmetic); the cart only adds up the lines' prices as a guide while ringing up.
 */

export type ItemType = Schemas['PosItemFound']['type'];

export interface CartLine {
  /** Stable within the cart (a React key). */
  key: string;
  type: ItemType;
  id: number;
  name: string;
  /** The catalogue's unit price, currency units. */
  listPrice: number;
  /** A price changed at the till; null: the catalogue's. */
  price: number | null;
  quantity: number;
  /** Who performed or sold the line; null: the sale's staff member. */
  staffId: number | null;
  /** A service paid with the client's package credits (one a unit), charged 0. */
  useCredit: boolean;
}

/** A gift card sold in the sale (its face value, and who receives it by email). */
export interface GiftCardSale {
  key: string;
  amount: number;
  email: string;
}

export interface Cart {
  lines: CartLine[];
  giftCards: GiftCardSale[];
  client: { id: number; name: string } | null;
  staffId: number | null;
  /** The booking checked out (from the calendar), with its deposit paid online. */
  booking: { id: number; deposit: number } | null;
}

export type CartAction =
  | { kind: 'add'; item: { type: ItemType; id: number; name: string; price: number } }
  | { kind: 'quantity'; key: string; quantity: number }
  | { kind: 'price'; key: string; price: number | null }
  | { kind: 'remove'; key: string }
  | { kind: 'lineStaff'; key: string; staffId: number | null }
  | { kind: 'credit'; key: string; useCredit: boolean }
  | { kind: 'giftCard'; amount: number; email: string }
  | { kind: 'removeGiftCard'; key: string }
  | { kind: 'client'; client: Cart['client'] }
  | { kind: 'staff'; staffId: number }
  | { kind: 'booking'; cart: Cart }
  | { kind: 'clear' };

export const EMPTY_CART: Cart = { lines: [], giftCards: [], client: null, staffId: null, booking: null };

let counter = 0;
export const lineKey = () => `line-${(counter += 1)}`;

export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.kind) {
    case 'add': {
      const { item } = action;
      // The same item again (a second scan): one more of it, not a second line.
      const same = cart.lines.find((line) => line.type === item.type && line.id === item.id && line.price === null);
      if (same) return cartReducer(cart, { kind: 'quantity', key: same.key, quantity: same.quantity + 1 });
      const line = {
        key: lineKey(),
        ...item,
        listPrice: item.price,
        price: null,
        quantity: 1,
        staffId: null,
        useCredit: false,
      };
      return { ...cart, lines: [...cart.lines, line] };
    }
    case 'quantity':
      return {
        ...cart,
        lines: cart.lines.map((line) =>
          line.key === action.key ? { ...line, quantity: Math.max(1, Math.min(10_000, action.quantity)) } : line,
        ),
      };
    case 'price':
      return {
        ...cart,
        lines: cart.lines.map((line) => (line.key === action.key ? { ...line, price: action.price } : line)),
      };
    case 'remove':
      return { ...cart, lines: cart.lines.filter((line) => line.key !== action.key) };
    case 'lineStaff':
      return {
        ...cart,
        lines: cart.lines.map((line) => (line.key === action.key ? { ...line, staffId: action.staffId } : line)),
      };
    case 'credit':
      return {
        ...cart,
        lines: cart.lines.map((line) => (line.key === action.key ? { ...line, useCredit: action.useCredit } : line)),
      };
    case 'giftCard':
      return {
        ...cart,
        giftCards: [...cart.giftCards, { key: lineKey(), amount: action.amount, email: action.email }],
      };
    case 'removeGiftCard':
      return { ...cart, giftCards: cart.giftCards.filter((card) => card.key !== action.key) };
    case 'client': {
      // Another client: the booking and the package credits chosen were the first client's.
      const same = action.client?.id === cart.client?.id;
      return {
        ...cart,
        client: action.client,
        booking: same ? cart.booking : null,
        lines: same ? cart.lines : cart.lines.map((line) => ({ ...line, useCredit: false })),
      };
    }
    case 'staff':
      return { ...cart, staffId: action.staffId };
    case 'booking':
      return action.cart;
    case 'clear':
      return { ...EMPTY_CART, staffId: cart.staffId };
  }
}

/** The lines' prices added up: a guide while ringing up, not the order's total. */
export function linesSum(cart: Cart): number {
  const cents =
    cart.lines.reduce(
      (sum, line) => sum + (line.useCredit ? 0 : Math.round((line.price ?? line.listPrice) * 100) * line.quantity),
      0,
    ) + cart.giftCards.reduce((sum, card) => sum + Math.round(card.amount * 100), 0);
  return cents / 100;
}

export type PaymentMethod = Schemas['PosOrder']['payment_method'];

export interface Extras {
  discountCode: string;
  giftCardCode: string;
  loyaltyPoints: string;
  method: PaymentMethod;
}

/**
 * The body of POST /api/pos for the cart. `cashPart`: a split payment, the part of a card or
 * online sale paid in cash (the method collects the rest); the cash `received` is sent for a
 * cash sale and for a split one (the change comes out of the cash).
 */
export function orderBody(
  cart: Cart,
  extras: Extras,
  staffId: number,
  received: number | null = null,
  cashPart: number | null = null,
) {
  const split = extras.method !== 'cash' && cashPart !== null;
  const points = Number(extras.loyaltyPoints);
  return {
    client_id: cart.client?.id ?? 0,
    staff_id: cart.staffId ?? staffId,
    payment_method: extras.method,
    items: cart.lines.map((line) => ({
      type: line.type,
      id: line.id,
      quantity: line.quantity,
      ...(line.price === null ? {} : { price: line.price }),
      ...(line.staffId === null ? {} : { staff_id: line.staffId }),
      ...(line.useCredit ? { use_package_credit: true } : {}),
    })),
    ...(cart.giftCards.length > 0
      ? {
          gift_cards: cart.giftCards.map((card) => ({
            amount: card.amount,
            ...(card.email.trim() ? { recipient_email: card.email.trim() } : {}),
          })),
        }
      : {}),
    ...(extras.discountCode.trim() ? { discount_code: extras.discountCode.trim() } : {}),
    ...(extras.giftCardCode.trim() ? { gift_card_code: extras.giftCardCode.trim() } : {}),
    ...(extras.loyaltyPoints.trim() && Number.isInteger(points) && points > 0 ? { loyalty_points: points } : {}),
    ...(cart.booking ? { booking_id: cart.booking.id } : {}),
    ...(split ? { cash_amount: cashPart } : {}),
    // The cash handed over: the receipt shows it and the change given.
    ...((extras.method === 'cash' || split) && received !== null ? { cash_tendered: received } : {}),
  };
}

/** What the order's method collects: the order's amount due less the deposit paid before and the cash part. */
export const toCollect = (order: Schemas['PosOrder']) =>
  Math.round((order.amount_due - order.deposit_amount - order.cash_amount) * 100) / 100;

/** An amount as typed at the till ("50", "50,00" or "50.00"); null when empty or not an amount above 0. */
export function typedAmount(text: string): number | null {
  const amount = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(amount) && amount > 0 ? amount : null;
}

/**
 * A split payment as the till shows it while typing, a guide in cents rounded back to units:
 * the rest the card (or online) collects of the lines' sum less the deposit, and the change
 * out of the cash received for the cash part. The order's own figures are the service's.
 */
export function splitGuide(sum: number, deposit: number, cashPart: number | null, received: number | null) {
  const cents = (amount: number) => Math.round(amount * 100);
  const cash = cashPart === null ? 0 : cents(cashPart);
  return {
    rest: Math.max(0, cents(sum) - cents(deposit) - cash) / 100,
    change: received === null || cashPart === null ? null : Math.max(0, cents(received) - cash) / 100,
  };
}
