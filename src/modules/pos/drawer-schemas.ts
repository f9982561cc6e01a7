import { Type, type TSchema } from 'typebox';
import { named, PageQuery } from '../../http/schemas.js';

/* The cash drawer and its Z reports, under /api/pos/drawer and /api/pos/z-reports. */

const Money = Type.Number({ description: 'Currency units, e.g. 12.5' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Reason = Type.String({ minLength: 1, maxLength: 500 });

export const DrawerOpenBody = Type.Object({
  float: Type.Number({ minimum: 0, maximum: 1_000_000, description: 'The cash in the drawer at the start' }),
});

export const DrawerMovementBody = Type.Object({
  amount: Type.Number({
    minimum: -1_000_000,
    maximum: 1_000_000,
    description: 'Paid in positive, paid out negative; never 0',
  }),
  reason: Reason,
});

export const DrawerCloseBody = Type.Object({
  counted: Type.Object(
    {
      total: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000_000 })),
      denominations: Type.Optional(
        Type.Array(
          Type.Object({
            value: Type.Number({ exclusiveMinimum: 0, description: 'A note or coin, e.g. 50 or 0.2' }),
            count: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
          }),
          { maxItems: 30 },
        ),
      ),
    },
    { description: 'The cash counted: `total`, or `denominations` of the salon’s currency; exactly one' },
  ),
  reason: Type.Optional(
    Type.String({ maxLength: 500, description: 'Required when the count differs from the expected cash' }),
  ),
});

const Movement = Type.Object({
  amount: Money,
  reason: Type.String(),
  staff_id: Nullable(Type.Integer()),
  receipt_number: Type.String(),
  created_at: Type.String(),
});

export const DrawerDayOut = named(
  'PosDrawerDay',
  Type.Object({
    id: Type.Integer(),
    opened_at: Type.String(),
    opened_by: Nullable(Type.Integer()),
    float: Money,
    movements: Type.Array(Movement),
    currency: Type.String({ description: 'The salon’s currency, ISO 4217' }),
    denominations: Type.Array(Money, {
      description:
        'The notes and coins of the currency, largest first, for a count per denomination; empty: count a total',
    }),
    expected_cash: Type.Optional(
      Type.Number({ description: 'Admin only: staff count blind, never seeing it before the close' }),
    ),
  }),
);

const ByMethod = Type.Object({
  method: Type.String(),
  orders: Type.Optional(Type.Integer()),
  refunds: Type.Optional(Type.Integer()),
  amount: Money,
});
const ByVat = Type.Object({
  rate: Type.Number({ description: 'Percent, e.g. 21' }),
  net: Money,
  vat: Money,
  gross: Money,
});

export const ZReportOut = named(
  'PosZReport',
  Type.Object({
    id: Type.Integer(),
    number: Type.String({ description: '`Z-2026-0001`: gap-free per year of the close' }),
    opened_at: Type.String(),
    opened_by: Nullable(Type.Integer()),
    closed_at: Type.String(),
    closed_by: Nullable(Type.Integer()),
    sales: Type.Object({
      orders: Type.Integer(),
      total: Money,
      by_method: Type.Array(ByMethod, { description: 'What each method took (gift cards sold included)' }),
      by_vat_rate: Type.Array(ByVat),
    }),
    refunds: Type.Object({
      count: Type.Integer(),
      total: Money,
      by_method: Type.Array(ByMethod),
      by_vat_rate: Type.Array(ByVat),
    }),
    voids: Type.Object({ count: Type.Integer(), total: Money }),
    discounts: Type.Object({ promotions: Money, loyalty: Money }),
    gift_cards: Type.Object({ sold: Money, redeemed: Money }),
    cash: Type.Object({
      float: Money,
      sales: Money,
      refunds: Money,
      paid_in: Money,
      paid_out: Money,
      movements: Type.Integer(),
      expected: Money,
      counted: Money,
      denominations: Nullable(Type.Array(Type.Object({ value: Money, count: Type.Integer() }))),
      difference: Money,
      reason: Nullable(Type.String()),
    }),
  }),
);

export const ZReportListQuery = Type.Object({ ...PageQuery });
