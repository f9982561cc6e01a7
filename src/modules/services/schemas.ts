import { Type, type Static, type TSchema } from 'typebox';
import { Id, named, NonEmpty } from '../../http/schemas.js';

/* Services and service categories, served under /api/services. */

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

export const HexColor = Type.String({
  pattern: '^#[0-9a-fA-F]{6}$',
  description: '`#rrggbb`; stored lower-cased',
  examples: ['#6e56cf'],
});

export const Position = Type.Integer({
  minimum: 0,
  maximum: 1_000_000,
  description: 'Sort key; lists order by it ascending',
});

/** Money in currency units, VAT included; kept to the cent. At most one million. */
export const Price = Type.Number({ minimum: 0, maximum: 1_000_000, description: 'Currency units, VAT included' });

// ---------------------------------------------------------------- categories

export const ServiceCategoryOut = named(
  'ServiceCategory',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    color: Type.String({ description: '`#rrggbb`' }),
    position: Type.Integer(),
  }),
);

export const ServiceCategoryCreateBody = Type.Object({
  name: NonEmpty(200),
  color: Type.Optional(HexColor),
  position: Type.Optional(Position),
});

export const ServiceCategoryUpdateBody = Type.Object({
  name: Type.Optional(NonEmpty(200)),
  color: Type.Optional(HexColor),
  position: Type.Optional(Position),
});

// ---------------------------------------------------------------- services

export const DepositTypeSchema = Type.Union([Type.Literal('none'), Type.Literal('fixed'), Type.Literal('percentage')], {
  description:
    'What the booking page asks to be paid up front through the checkout provider: none, a fixed amount, or a percentage of the price',
});

export const ServiceOut = named(
  'Service',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    duration_min: Type.Integer({ description: 'Minutes' }),
    price: Type.Number({ description: 'Currency units, VAT included' }),
    category_id: Nullable(Type.Integer()),
    category_name: Nullable(Type.String()),
    category_color: Nullable(Type.String()),
    vat_rate_id: Nullable(Type.Integer()),
    position: Type.Integer(),
    processing_after_min: Type.Integer({
      description: 'Minutes of work before the processing time; 0 with processing_min 0: none',
    }),
    processing_min: Type.Integer({
      description: 'Minutes the client waits (a colour developing) while the staff member is free; 0: none',
    }),
    resource_ids: Type.Array(Type.Integer(), {
      description: 'Active resources (rooms, equipment) a booking of this service holds for its whole duration',
    }),
    active: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 1, description: '1 active, 0 archived (kept for the bookings that use it)' }),
    ),
    deposit_type: DepositTypeSchema,
    deposit_value: Type.Number({
      description:
        'A percentage of the price (deposit_type percentage) or an amount in currency units (fixed); 0 with none',
    }),
    description: Nullable(
      Type.String({ description: 'A few sentences the booking page shows with the service; null: none' }),
    ),
    photo_url: Nullable(
      Type.String({
        description:
          'Where its photo is served (public, cacheable; the address changes with every upload); null: no photo',
      }),
    ),
    online_bookable: Type.Integer({
      minimum: 0,
      maximum: 1,
      description:
        '1: the booking page offers it; 0: only the office books it (left out of the public lists, refused by the public booking endpoints)',
    }),
  }),
);

/** The longest description a service may have: a few sentences, not a page. */
export const DESCRIPTION_MAX_LENGTH = 1000;

export const PhotoUploaded = Type.Object({
  photo_url: Type.String({ description: 'Where the photo is served from now on' }),
});

const serviceFields = {
  name: NonEmpty(200),
  duration_min: Type.Integer({ minimum: 1, maximum: 1440, description: 'Minutes, 1 to 1440' }),
  price: Price,
  category_id: Type.Optional(Nullable(Id)),
  vat_rate_id: Type.Optional(Id),
  position: Type.Optional(Position),
  processing_after_min: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1440,
      description:
        'Minutes of work before the processing time starts; with processing_min both 0 (no processing) or both above 0, and together shorter than duration_min',
    }),
  ),
  processing_min: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1440,
      description: 'Minutes of processing (the client waits, the staff member is free); see processing_after_min',
    }),
  ),
  resource_ids: Type.Optional(
    Type.Array(Id, {
      maxItems: 10,
      uniqueItems: true,
      description: 'Active resources the service requires; replaces the list; [] requires none',
    }),
  ),
  deposit_type: Type.Optional(DepositTypeSchema),
  deposit_value: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: 1_000_000,
      description:
        'percentage: 0 to 100 (of the price booked); fixed: currency units, at least 0; kept to the hundredth. Ignored (stored 0) with deposit_type none',
    }),
  ),
  description: Type.Optional(
    Nullable(
      Type.String({
        maxLength: DESCRIPTION_MAX_LENGTH,
        description: `Shown on the booking page, at most ${DESCRIPTION_MAX_LENGTH} characters; blank or null removes it`,
      }),
    ),
  ),
  online_bookable: Type.Optional(
    Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)], {
      description: 'true/1 (the default): clients may book it on the booking page; false/0: only the office books it',
    }),
  ),
};

export const ServiceCreateBody = Type.Object(serviceFields);

export const ServiceUpdateBody = Type.Object({
  ...serviceFields,
  name: Type.Optional(serviceFields.name),
  duration_min: Type.Optional(serviceFields.duration_min),
  price: Type.Optional(serviceFields.price),
});

export const ServiceListQuery = Type.Object({
  include_archived: Type.Optional(
    Type.Boolean({ description: 'Admins only: also list archived services; every item then carries `active`' }),
  ),
});

export const DeleteResult = Type.Object({
  ok: Type.Literal(true),
  archived: Type.Boolean({
    description: '`true`: still referenced (by bookings), so archived instead of deleted',
  }),
});

export const ServicePerformer = named(
  'ServicePerformer',
  Type.Object({
    staff_id: Type.Integer(),
    name: Type.String(),
    duration_min: Type.Integer({ description: 'Minutes it takes this member' }),
    price: Type.Number({ description: 'What it costs with this member, currency units, VAT included' }),
  }),
);

export type ServiceCategoryCreateInput = Static<typeof ServiceCategoryCreateBody>;
export type ServiceCategoryUpdateInput = Static<typeof ServiceCategoryUpdateBody>;
export type ServiceCategoryOutput = Static<typeof ServiceCategoryOut>;
export type ServiceCreateInput = Static<typeof ServiceCreateBody>;
export type ServiceUpdateInput = Static<typeof ServiceUpdateBody>;
export type ServiceOutput = Static<typeof ServiceOut>;
export type ServicePerformerOutput = Static<typeof ServicePerformer>;
