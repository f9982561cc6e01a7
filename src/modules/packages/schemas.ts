import { Type, type Static, type TSchema } from 'typebox';
import { DateText, DateTimeText, Flag, Id, named, NonEmpty, PageQuery } from '../../http/schemas.js';

/* Packages (prepaid bundles of services), under /api/packages. */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PackageServiceOut = named(
  'PackageService',
  Type.Object({
    service_id: Type.Integer(),
    service_name: Type.String(),
    quantity: Type.Integer(),
  }),
);

export const PackageOut = named(
  'Package',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    description: Type.String(),
    price: Type.Number({ description: 'Currency units, VAT included' }),
    vat_rate_id: Nullable(Type.Integer()),
    active: Type.Integer({ minimum: 0, maximum: 1 }),
    valid_days: Nullable(
      Type.Integer({
        description:
          'Days a sold package’s credits stay usable after the day of purchase; null: they never expire (an extension)',
      }),
    ),
    services: Type.Array(PackageServiceOut),
    created_at: DateTimeText,
    updated_at: DateTimeText,
  }),
);

const PackageServiceBody = Type.Object({ service_id: Id, quantity: Type.Integer({ minimum: 1, maximum: 1000 }) });

const fields = {
  name: NonEmpty(200),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  price: Type.Number({ minimum: 0, maximum: 1_000_000, description: 'Currency units, VAT included' }),
  vat_rate_id: Type.Optional(Nullable(Id)),
  services: Type.Array(PackageServiceBody, { minItems: 1, maxItems: 50 }),
  active: Type.Optional(Flag),
  valid_days: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1,
        maximum: 3650,
        description: 'Days the credits stay usable after the day of purchase; null or absent: never expire',
      }),
    ),
  ),
};

export const PackageCreateBody = Type.Object(fields);
export const PackageUpdateBody = Type.Object({
  ...fields,
  name: Type.Optional(fields.name),
  price: Type.Optional(fields.price),
  services: Type.Optional(fields.services),
});
export const PackageListQuery = Type.Object({ active: Type.Optional(Type.Boolean()), ...PageQuery });

export const CreditOut = named(
  'PackageCredit',
  Type.Object({
    client_package_id: Type.Integer(),
    package_id: Type.Integer(),
    package_name: Type.String(),
    order_id: Type.Integer(),
    service_id: Type.Integer(),
    service_name: Type.String(),
    total: Type.Integer(),
    remaining: Type.Integer(),
    purchased_at: DateTimeText,
    expires_on: Type.Union([DateText, Type.Null()], {
      description: 'The last day (salon time zone) the credits are usable; null: never expire (an extension)',
    }),
    expired: Type.Boolean({ description: 'Past expires_on: the credits left can no longer be used' }),
  }),
);
export const CreditsQuery = Type.Object({ client_id: Id });

export type PackageOutput = Static<typeof PackageOut>;
export type PackageCreateInput = Static<typeof PackageCreateBody>;
export type PackageUpdateInput = Static<typeof PackageUpdateBody>;
export type PackageListFilter = Static<typeof PackageListQuery>;
export type CreditOutput = Static<typeof CreditOut>;
