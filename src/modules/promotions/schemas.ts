import { Type, type Static, type TSchema } from 'typebox';
import { DateText, DateTimeText, Flag, named, NonEmpty, PageQuery, withExample } from '../../http/schemas.js';

/* Promotions (discount codes), under /api/promotions (the record is ours; see docs/api.md, "The till"). */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const ItemType = Type.Union([Type.Literal('service'), Type.Literal('product'), Type.Literal('package')]);
const DiscountType = Type.Union([Type.Literal('percentage'), Type.Literal('fixed')]);

export const PromotionOut = named(
  'Promotion',
  Type.Object({
    id: Type.Integer(),
    code: Type.String({ description: 'Upper case; matched case-insensitively' }),
    name: Type.String(),
    discount_type: DiscountType,
    discount_value: Type.Number({ description: 'Percent (0–100) or currency units' }),
    valid_from: Nullable(DateText),
    valid_to: Nullable(DateText),
    usage_limit: Nullable(Type.Integer()),
    per_client_limit: Nullable(Type.Integer()),
    applies_to: Type.Array(ItemType),
    active: Type.Integer({ minimum: 0, maximum: 1 }),
    times_used: Type.Integer(),
    total_discount: Type.Number(),
    created_at: DateTimeText,
    updated_at: DateTimeText,
  }),
);

const fields = {
  code: Type.String({ minLength: 2, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  name: NonEmpty(200),
  discount_type: DiscountType,
  discount_value: Type.Number({ minimum: 0, maximum: 1_000_000 }),
  valid_from: Type.Optional(Nullable(DateText)),
  valid_to: Type.Optional(Nullable(DateText)),
  usage_limit: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 10_000_000 }))),
  per_client_limit: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 10_000_000 }))),
  applies_to: Type.Optional(Type.Array(ItemType, { minItems: 1, maxItems: 3, uniqueItems: true })),
  active: Type.Optional(Flag),
};

export const PromotionCreateBody = withExample(Type.Object(fields), {
  code: 'SPRING10',
  name: 'Spring 10%',
  discount_type: 'percentage',
  discount_value: 10,
  valid_from: '2030-03-01',
  valid_to: '2099-05-31',
});
export const PromotionUpdateBody = Type.Object({
  ...fields,
  code: Type.Optional(fields.code),
  name: Type.Optional(fields.name),
  discount_type: Type.Optional(fields.discount_type),
  discount_value: Type.Optional(fields.discount_value),
});
export const PromotionListQuery = Type.Object({ active: Type.Optional(Type.Boolean()), ...PageQuery });

export type PromotionOutput = Static<typeof PromotionOut>;
export type PromotionCreateInput = Static<typeof PromotionCreateBody>;
export type PromotionUpdateInput = Static<typeof PromotionUpdateBody>;
export type PromotionListFilter = Static<typeof PromotionListQuery>;
