import { Type, type Static } from 'typebox';
import { DateTimeText, Email, Flag, named, NonEmpty } from '../../http/schemas.js';

const FlagOut = Type.Integer({ minimum: 0, maximum: 1, description: '0 or 1' });

export const LocationOut = named(
  'Location',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    address: Type.String(),
    phone: Type.String(),
    email: Type.String(),
    is_default: FlagOut,
    active: FlagOut,
    created_at: DateTimeText,
    updated_at: DateTimeText,
  }),
);

const locationFields = {
  name: NonEmpty(200),
  address: Type.Optional(Type.String({ maxLength: 500 })),
  phone: Type.Optional(Type.String({ maxLength: 50 })),
  email: Type.Optional(Type.Union([Email, Type.Literal('')], { description: 'A valid email address, or empty' })),
  is_default: Type.Optional(Flag),
  active: Type.Optional(Flag),
};

export const LocationCreateBody = Type.Object(locationFields);

export const LocationUpdateBody = Type.Object({ ...locationFields, name: Type.Optional(locationFields.name) });

export const LocationListQuery = Type.Object({
  active: Type.Optional(
    Type.Boolean({ description: '`true`: only active locations; `false`: only inactive ones; absent: all' }),
  ),
});

export type LocationCreateInput = Static<typeof LocationCreateBody>;
export type LocationUpdateInput = Static<typeof LocationUpdateBody>;
export type LocationOutput = Static<typeof LocationOut>;
