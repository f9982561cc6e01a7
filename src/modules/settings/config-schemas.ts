import { Type, type Static } from 'typebox';
import { DateTimeText, Flag, named, NonEmpty } from '../../http/schemas.js';

/* Holidays and VAT rates, served under /api/settings. */

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

const Time = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM' });

export const OpeningHoursDay = Type.Object({
  day_of_week: Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday … 6 = Saturday' }),
  open_time: Type.Optional(Type.Union([Time, Type.Null()])),
  close_time: Type.Optional(Type.Union([Time, Type.Null()])),
  is_closed: Type.Optional(Flag),
});

export const OpeningHoursWeekBody = Type.Object({
  opening_hours: Type.Array(OpeningHoursDay, {
    maxItems: 7,
    description: 'The whole week: each weekday at most once; a weekday left out has no hours',
  }),
});

export const OpeningHoursWeekOut = named(
  'OpeningHoursWeek',
  Type.Object({
    opening_hours: Type.Array(
      Type.Object({
        day_of_week: Type.Integer({ description: '0 = Sunday … 6 = Saturday' }),
        open_time: Type.Union([Type.String({ description: 'HH:MM' }), Type.Null()]),
        close_time: Type.Union([Type.String({ description: 'HH:MM' }), Type.Null()]),
        is_closed: FlagOut,
      }),
      { description: 'The weekdays that have hours, Sunday (0) first' },
    ),
  }),
);
