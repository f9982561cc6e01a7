import { Type, type Static, type TSchema } from 'typebox';
import { DateText, DateTimeText, Email, Id, named, PageQuery, withExample } from '../../http/schemas.js';

/* POS orders and favourites, under /api/pos. */

const Money = Type.Number({ description: 'Currency units, e.g. 12.5' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ItemType = Type.Union([Type.Literal('service'), Type.Literal('product'), Type.Literal('package')]);
export const PaymentMethod = Type.Union([Type.Literal('cash'), Type.Literal('card'), Type.Literal('online')]);
export const PaymentStatus = Type.Union([Type.Literal('paid'), Type.Literal('pending'), Type.Literal('failed')]);

export const MAX_ORDER_LINES = 200;
export const MAX_GIFT_CARDS_PER_ORDER = 20;

export const OrderItemBody = Type.Object({
  type: ItemType,
  id: Id,
  quantity: Type.Integer({ minimum: 1, maximum: 10_000 }),
  price: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: 1_000_000,
      description:
        'Unit price charged, VAT included; defaults to the catalogue price. Ignored with use_package_credit.',
    }),
  ),
  staff_id: Type.Optional(
    Type.Integer({ minimum: 1, description: 'Who performed or sold this line; default the order’s staff_id' }),
  ),
  use_package_credit: Type.Optional(
    Type.Boolean({
      description:
        'Service lines only: pay with the client’s prepaid package credits (one per unit); the line is charged 0.',
    }),
  ),
});

export const GiftCardSaleBody = Type.Object({
  amount: Type.Number({ minimum: 0.01, maximum: 10_000, description: 'Face value in currency units' }),
  recipient_name: Type.Optional(Type.String({ maxLength: 200 })),
  recipient_email: Type.Optional(Email),
  message: Type.Optional(Type.String({ maxLength: 1000 })),
  expires_on: Type.Optional(DateText),
});

export const OrderCreateBody = withExample(
  Type.Object({
    client_id: Id,
    staff_id: Id,
    items: Type.Array(OrderItemBody, {
      maxItems: MAX_ORDER_LINES,
      description: 'The order lines; may be empty only when the order sells gift cards (`gift_cards`)',
    }),
    payment_method: PaymentMethod,
    discount_code: Type.Optional(Type.String({ maxLength: 64 })),
    gift_card_code: Type.Optional(Type.String({ maxLength: 64 })),
    loyalty_points: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
    notes: Type.Optional(Type.String({ maxLength: 2000 })),
    cash_tendered: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1_000_000,
        description:
          'What the client handed over in cash: a cash order, at least the amount due; a split payment (`cash_amount`), at least the cash part. The receipt shows the change given',
      }),
    ),
    cash_amount: Type.Optional(
      Type.Number({
        minimum: 0.01,
        maximum: 1_000_000,
        description:
          'Split payment: with payment_method `card` or `online`, the part of what the method would collect (amount due less a deposit paid online before) that is paid in cash at the till; the method collects the rest. 400 `validation_failed` on `cash_amount` with payment_method `cash` (paid in cash whole) or when it is not less than what is to be collected (nothing would be left for the card).',
      }),
    ),
    booking_id: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'Check this booking (a visit: all its parts) out: completed with the order, its deposit paid online deducted from what is collected. 409 `booking_checked_out` when an order already did.',
      }),
    ),
    gift_cards: Type.Optional(
      Type.Array(GiftCardSaleBody, {
        maxItems: MAX_GIFT_CARDS_PER_ORDER,
        description:
          'Gift cards sold in this order (see the API guide): each is created with its amount and emailed when recipient_email is given.',
      }),
    ),
  }),
  { client_id: 1, staff_id: 1, items: [{ type: 'service', id: 1, quantity: 1, price: 45 }], payment_method: 'cash' },
);

export const OrderItemOut = named(
  'PosOrderLine',
  Type.Object({
    id: Type.Integer(),
    item_type: ItemType,
    item_id: Type.Integer(),
    name: Type.String({ description: 'The item’s name when sold' }),
    quantity: Type.Integer(),
    price: Money,
    line_total: Money,
    vat_rate: Type.Number({ description: 'Percent, e.g. 21' }),
    vat_amount: Money,
    discount_amount: Money,
    loyalty_amount: Money,
    client_package_id: Nullable(Type.Integer()),
    staff_id: Nullable(
      Type.Integer({ description: 'Who performed or sold the line (older lines: null, the order’s)' }),
    ),
  }),
);

export const SoldGiftCardOut = named(
  'SoldGiftCard',
  Type.Object({
    id: Type.Integer(),
    code: Type.String(),
    initial_value: Money,
    recipient_email: Nullable(Type.String()),
  }),
);

export const PaymentOut = named(
  'PosOrderPayment',
  Type.Object({
    id: Type.Integer(),
    provider: Type.String(),
    status: Type.String(),
    checkout_url: Nullable(Type.String()),
  }),
);

const orderFields = {
  id: Type.Integer(),
  client_id: Type.Integer(),
  client_name: Type.String(),
  staff_id: Type.Integer(),
  staff_name: Type.String(),
  payment_method: PaymentMethod,
  payment_status: PaymentStatus,
  subtotal: Money,
  discount_amount: Money,
  discount_code: Nullable(Type.String()),
  promotion_id: Nullable(Type.Integer()),
  loyalty_points_redeemed: Type.Integer(),
  loyalty_amount: Money,
  total: Money,
  gift_card_amount: Money,
  gift_card_id: Nullable(Type.Integer()),
  gift_cards_sold: Money,
  amount_due: Money,
  cash_tendered: Nullable(
    Type.Number({ description: 'Cash handed over (cash orders and split payments that said so); else null' }),
  ),
  cash_amount: Type.Number({
    description:
      'Split payment: the part paid in cash at the till by a card or online order (0 when none); the payment method collects amount_due − deposit_amount − cash_amount',
  }),
  deposit_amount: Type.Number({
    description:
      'Part of amount_due paid before, as the booking’s deposit online; the payment method collects amount_due − deposit_amount',
  }),
  booking_id: Nullable(Type.Integer({ description: 'The booking this order checked out' })),
  vat_total: Money,
  loyalty_points_earned: Type.Integer(),
  notes: Type.String(),
  created_at: DateTimeText,
  refunded_total: Type.Number({ description: 'Currency units given back by completed refunds' }),
  voided_at: Nullable(Type.String({ description: 'When the unpaid order was voided; null: not voided' })),
  receipt_number: Nullable(
    Type.String({
      description:
        'The sale’s number in the till journal (`YYYY-NNNNNN`, gap-free per year); null until the order is paid',
    }),
  ),
};

export const OrderSummaryOut = named('PosOrderSummary', Type.Object({ ...orderFields, item_count: Type.Integer() }));

export const OrderOut = named(
  'PosOrder',
  Type.Object({
    ...orderFields,
    items: Type.Array(OrderItemOut),
    gift_cards: Type.Array(SoldGiftCardOut, { description: 'Gift cards sold in this order' }),
    payment: Nullable(PaymentOut),
  }),
);

export const OrderListQuery = Type.Object({
  client_id: Type.Optional(Id),
  staff_id: Type.Optional(Id),
  ...PageQuery,
});

export const FavoriteBody = Type.Object({
  type: ItemType,
  id: Id,
  position: Type.Integer({ minimum: 0, maximum: 100_000 }),
});

export const FavoritesBody = Type.Array(FavoriteBody, { maxItems: 200 });

export const FavoriteOut = named(
  'PosFavorite',
  Type.Object({
    type: ItemType,
    id: Type.Integer(),
    position: Type.Integer(),
    name: Type.String(),
    price: Money,
  }),
);

export const RefundMethod = Type.Union([
  Type.Literal('cash'),
  Type.Literal('card'),
  Type.Literal('online'),
  Type.Literal('gift_card'),
]);

export const RefundCreateBody = withExample(
  Type.Object({
    reason: Type.String({ minLength: 1, maxLength: 500, description: 'Why the money goes back (on the receipt)' }),
    method: Type.Optional(
      Type.Union([RefundMethod], {
        description:
          'Where the money goes: the order’s own method (default), `cash` from the drawer, or `gift_card` (back onto the card the order spent)',
      }),
    ),
    items: Type.Optional(
      Type.Array(
        Type.Object({
          order_item_id: Id,
          quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
          amount: Type.Optional(
            Type.Number({ minimum: 0.01, maximum: 1_000_000, description: 'Currency units, VAT included' }),
          ),
        }),
        {
          minItems: 1,
          maxItems: MAX_ORDER_LINES,
          description: 'Per line: a quantity, an amount or both. Absent: all that is left of the whole order.',
        },
      ),
    ),
    restock: Type.Optional(Type.Boolean({ description: 'Put the returned products back in stock' })),
  }),
  { reason: 'Wrong colour', items: [{ order_item_id: 1, quantity: 1 }], restock: true },
);

export const RefundOut = named(
  'PosRefund',
  Type.Object({
    id: Type.Integer(),
    order_id: Type.Integer(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('completed')]),
    method: RefundMethod,
    amount: Money,
    vat_total: Money,
    reason: Type.String(),
    restock: Type.Boolean(),
    loyalty_points_reversed: Type.Integer(),
    gift_card_id: Nullable(Type.Integer()),
    provider: Nullable(Type.String({ description: 'cardpay, onlinepay, checkout, terminal (by hand), or null' })),
    receipt_number: Nullable(Type.String({ description: 'The refund’s number in the till journal once completed' })),
    created_at: DateTimeText,
    items: Type.Array(
      Type.Object({
        order_item_id: Type.Integer(),
        item_type: ItemType,
        item_id: Type.Integer(),
        name: Type.String(),
        quantity: Type.Integer(),
        amount: Money,
        vat_rate: Type.Number(),
        vat_amount: Money,
      }),
    ),
  }),
);

export const VoidBody = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) });

export type RefundCreateInput = Static<typeof RefundCreateBody>;
export type RefundOutput = Static<typeof RefundOut>;
export type OrderCreateInput = Static<typeof OrderCreateBody>;
export type OrderItemInput = Static<typeof OrderItemBody>;
export type GiftCardSaleInput = Static<typeof GiftCardSaleBody>;
export type OrderOutput = Static<typeof OrderOut>;
export type OrderSummaryOutput = Static<typeof OrderSummaryOut>;
export type OrderListFilter = Static<typeof OrderListQuery>;
export type FavoritesInput = Static<typeof FavoritesBody>;
export type FavoriteOutput = Static<typeof FavoriteOut>;

export const ItemSearchQuery = Type.Object({
  q: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'Part of a name; a product’s SKU or its exact EAN code',
  }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'At most this many of each kind (20)' })),
});

export const ItemSearchOut = named(
  'PosItemFound',
  Type.Object({
    type: ItemType,
    id: Type.Integer(),
    name: Type.String(),
    price: Money,
    ean_match: Type.Boolean({ description: 'A product whose EAN code is exactly what was typed (a scanned barcode)' }),
    in_stock: Nullable(Type.Integer({ description: 'A product’s quantity on hand; null for services and packages' })),
  }),
);

export type ItemSearchInput = Static<typeof ItemSearchQuery>;
export type ItemSearchOutput = Static<typeof ItemSearchOut>;
