import { Type, type Static, type TSchema } from 'typebox';
import { DateText, DateTimeText, Email, Flag, Id, named, PageQuery, withExample } from '../../http/schemas.js';

/* Gift cards, under /api/giftcards (the record is ours; see docs/api.md, "The till"). */

const Money = Type.Number({ description: 'Currency units, e.g. 12.5' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const GiftCardTransactionOut = named(
  'GiftCardTransaction',
  Type.Object({
    id: Type.Integer(),
    type: Type.Union([Type.Literal('issue'), Type.Literal('redeem')]),
    amount: Type.Number({ description: 'Signed: + issued, − redeemed' }),
    balance_after: Money,
    order_id: Nullable(Type.Integer()),
    created_at: DateTimeText,
  }),
);

const giftCardFields = {
  id: Type.Integer(),
  code: Type.String({ description: 'XXXX-XXXX-XXXX-XXXX; a bearer value' }),
  initial_value: Money,
  balance: Money,
  expires_on: Nullable(DateText),
  active: Type.Integer({ minimum: 0, maximum: 1 }),
  client_id: Nullable(Type.Integer({ description: 'The buyer, when known' })),
  recipient_name: Type.String(),
  recipient_email: Nullable(Type.String()),
  message: Type.String(),
  sold_order_id: Nullable(Type.Integer({ description: 'The POS order that sold it; null when issued directly' })),
  created_at: DateTimeText,
  updated_at: DateTimeText,
};

export const GiftCardOut = named('GiftCard', Type.Object(giftCardFields));
export const GiftCardDetailOut = named(
  'GiftCardDetail',
  Type.Object({
    ...giftCardFields,
    transactions: Type.Array(GiftCardTransactionOut, { description: 'Issue and redemptions, oldest first' }),
  }),
);

export const GiftCardCreateBody = withExample(
  Type.Object({
    amount: Type.Number({ minimum: 0.01, maximum: 10_000, description: 'Face value in currency units' }),
    expires_on: Type.Optional(DateText),
    client_id: Type.Optional(Id),
    recipient_name: Type.Optional(Type.String({ maxLength: 200 })),
    recipient_email: Type.Optional(Email),
    message: Type.Optional(Type.String({ maxLength: 1000 })),
  }),
  { amount: 50, expires_on: '2099-12-31', recipient_name: 'Grace', message: 'Happy birthday!' },
);

export const GiftCardUpdateBody = Type.Object({
  expires_on: Type.Optional(Nullable(DateText)),
  active: Type.Optional(Flag),
  recipient_name: Type.Optional(Type.String({ maxLength: 200 })),
  message: Type.Optional(Type.String({ maxLength: 1000 })),
});

export const GiftCardListQuery = Type.Object({
  active: Type.Optional(Type.Boolean()),
  client_id: Type.Optional(Id),
  ...PageQuery,
});

export const GiftCardResentOut = named(
  'GiftCardResent',
  Type.Object({
    ok: Type.Literal(true),
    sent_to: Type.String({ description: 'The recipient email it was queued to' }),
  }),
);

export const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });

export type GiftCardOutput = Static<typeof GiftCardOut>;
export type GiftCardDetailOutput = Static<typeof GiftCardDetailOut>;
export type GiftCardCreateInput = Static<typeof GiftCardCreateBody>;
export type GiftCardUpdateInput = Static<typeof GiftCardUpdateBody>;
export type GiftCardListFilter = Static<typeof GiftCardListQuery>;
