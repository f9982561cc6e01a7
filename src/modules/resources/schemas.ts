import { Type, type Static } from 'typebox';
import { Flag, Id, named, NonEmpty, withExample } from '../../http/schemas.js';

/* Rooms and equipment (a colour bar with two basins, a treatment room), under /api/resources. */

const FlagOut = Type.Integer({ minimum: 0, maximum: 1, description: '1 active, 0 archived' });

export const ResourceOut = named(
  'Resource',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    capacity: Type.Integer({ description: 'How many bookings may hold it at the same moment' }),
    location_id: Type.Union([Type.Integer(), Type.Null()]),
    active: FlagOut,
    service_ids: Type.Array(Type.Integer(), { description: 'The active services that require it, by id' }),
  }),
);

const resourceFields = {
  name: NonEmpty(200),
  capacity: Type.Integer({ minimum: 1, maximum: 100, description: '1 to 100' }),
  location_id: Type.Optional(
    Type.Union([Id, Type.Null()], { description: 'An active location; null: not tied to one location' }),
  ),
  service_ids: Type.Optional(
    Type.Array(Id, {
      maxItems: 1000,
      uniqueItems: true,
      description: 'The active services that require it; replaces the list; [] none',
    }),
  ),
};

export const ResourceCreateBody = withExample(Type.Object(resourceFields), {
  name: 'Colour bar basins',
  capacity: 2,
  service_ids: [3, 5],
});

export const ResourceUpdateBody = withExample(
  Type.Object({
    ...resourceFields,
    name: Type.Optional(resourceFields.name),
    capacity: Type.Optional(resourceFields.capacity),
    active: Type.Optional(Flag),
  }),
  { capacity: 3 },
);

export const ResourceListQuery = Type.Object({
  include_inactive: Type.Optional(Type.Boolean({ description: 'Admins only: also list archived resources' })),
});

export const ResourceDeleteResult = Type.Object({
  ok: Type.Literal(true),
  archived: Type.Boolean({
    description: '`true`: bookings still hold it, so it was archived (`active` 0) instead of deleted',
  }),
});

export type ResourceCreateInput = Static<typeof ResourceCreateBody>;
export type ResourceUpdateInput = Static<typeof ResourceUpdateBody>;
export type ResourceOutput = Static<typeof ResourceOut>;
