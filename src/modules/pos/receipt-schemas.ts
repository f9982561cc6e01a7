import { Type, type Static, type TSchema } from 'typebox';
import { DateTimeText, Email, Id, named } from '../../http/schemas.js';

/* Receipts of sales and refunds, under /api/pos/:id/receipt. */

const Money = Type.Number({ description: 'Currency units, e.g. 12.5' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const RefundReceiptParams = Type.Object({ id: Id, refund_id: Id });

export const ReceiptEmailBody = Type.Object({
  to: Type.Optional(Type.Union([Email], { description: 'Another address; absent: the client’s own' })),
});

export const ReceiptEmailOut = named(
  'PosReceiptEmail',
  Type.Object({
    email_id: Type.Integer({ description: 'The outbox row (GET /api/system/emails/:id)' }),
    to: Type.String(),
    language: Type.String({ description: 'The client’s language, else the salon’s' }),
  }),
);

export const ReceiptOut = named(
  'PosReceipt',
  Type.Object({
    kind: Type.Union([Type.Literal('sale'), Type.Literal('refund')]),
    order_id: Type.Integer(),
    refund_id: Nullable(Type.Integer()),
    receipt_number: Type.String({ description: 'The till journal’s number, `YYYY-NNNNNN`' }),
    sale_receipt_number: Nullable(Type.String({ description: 'A refund’s: the number of the sale it gives back' })),
    issued_at: DateTimeText,
    salon: Type.Object({
      name: Type.String(),
      address: Type.String(),
      postcode: Type.String(),
      city: Type.String(),
      phone: Type.String(),
      btw_number: Type.String(),
      kvk_number: Type.String(),
    }),
    currency: Type.String(),
    client_id: Type.Integer(),
    client_name: Type.String(),
    staff_name: Type.String(),
    lines: Type.Array(
      Type.Object({
        type: Type.Union(
          [Type.Literal('service'), Type.Literal('product'), Type.Literal('package'), Type.Literal('gift_card')],
          { description: '`gift_card`: a gift card sold, its code as the name' },
        ),
        name: Type.String(),
        quantity: Type.Integer(),
        unit_price: Nullable(Money),
        amount: Money,
        vat_rate: Nullable(Type.Number({ description: 'Percent; null: outside VAT (a gift card sold)' })),
      }),
    ),
    discounts: Type.Object({ code: Nullable(Type.String()), promotion: Money, loyalty: Money }),
    vat: Type.Array(
      Type.Object({ rate: Type.Number({ description: 'Percent' }), net: Money, vat: Money, gross: Money }),
      { description: 'Per rate: net + VAT = gross, each to the cent, the rows adding up to the total' },
    ),
    total: Money,
    payments: Type.Array(
      Type.Object({
        method: Type.Union(
          [
            Type.Literal('cash'),
            Type.Literal('card'),
            Type.Literal('online'),
            Type.Literal('gift_card'),
            Type.Literal('deposit'),
          ],
          { description: '`deposit`: the booking’s deposit, paid online before the checkout' },
        ),
        amount: Money,
      }),
    ),
    cash_tendered: Nullable(Money),
    change: Money,
    reason: Nullable(Type.String({ description: 'A refund’s reason' })),
  }),
);

export type ReceiptOutput = Static<typeof ReceiptOut>;
export type ReceiptEmailInput = Static<typeof ReceiptEmailBody>;
