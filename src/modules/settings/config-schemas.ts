import { Type, type Static } from 'typebox';
import { DateTimeText, Flag, named, NonEmpty } from '../../http/schemas.js';

/* Holidays and VAT rates (spec part 2 and 4.7), served under /api/settings. */

const FlagOut = Type.Integer({ minimum: 0, maximum: 1, description: '0 or 1' });

export const HolidayOut = named(
  'Holiday',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    date: Type.String({ description: 'YYYY-MM-DD' }),
    created_at: DateTimeText,
  }),
);

export const HolidayCreateBody = Type.Object({
  name: NonEmpty(200),
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD, a real calendar day' }),
});

export const VatRateOut = named(
  'VatRate',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    percentage: Type.Number({ description: 'Percent, e.g. 21 or 5.5' }),
    is_default: FlagOut,
    is_disabled: FlagOut,
    created_at: DateTimeText,
    updated_at: DateTimeText,
  }),
);

const vatRateFields = {
  name: NonEmpty(100),
  percentage: Type.Number({ minimum: 0, maximum: 100, description: 'Percent, 0–100; kept to 2 decimals' }),
  is_default: Type.Optional(Flag),
  is_disabled: Type.Optional(Flag),
};

export const VatRateCreateBody = Type.Object(vatRateFields);

export const VatRateUpdateBody = Type.Object({
  ...vatRateFields,
  name: Type.Optional(vatRateFields.name),
  percentage: Type.Optional(vatRateFields.percentage),
});

export type HolidayCreateInput = Static<typeof HolidayCreateBody>;
export type HolidayOutput = Static<typeof HolidayOut>;
export type VatRateCreateInput = Static<typeof VatRateCreateBody>;
export type VatRateUpdateInput = Static<typeof VatRateUpdateBody>;
export type VatRateOutput = Static<typeof VatRateOut>;
