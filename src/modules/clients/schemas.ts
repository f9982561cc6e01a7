import { GENDERS } from '../../db/tables/clients.js';
import { Type, type Static } from 'typebox';
import {
  ClientLanguage,
  DateText,
  DateTimeText,
  Email,
  Flag,
  Id,
  named,
  NonEmpty,
  PageQuery,
  withExample,
} from '../../http/schemas.js';

const FlagOut = Type.Integer({ minimum: 0, maximum: 1, description: '0 or 1' });

/** The values segment filters compare with (`gender`); `''` means not given. */
export { GENDERS };

const Gender = Type.Union(
  GENDERS.map((g) => Type.Literal(g)),
  { description: '`female`, `male`, `non_binary`, `other`, or `""` (not given)' },
);

const LabelName = NonEmpty(50);

export const ClientOut = named(
  'Client',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Type.Union([Type.String(), Type.Null()], { description: 'Lower-cased; null when none' }),
    phone: Type.String(),
    birthday: Type.Union([DateText, Type.Null()]),
    gender: Type.String(),
    notes: Type.String(),
    marketing_consent: FlagOut,
    sms_consent: Type.Integer({
      minimum: 0,
      maximum: 1,
      description: '1: may receive text messages; cleared when the client texts STOP',
    }),
    language: ClientLanguage,
    labels: Type.Array(Type.String(), { description: 'Label names, sorted case-insensitively' }),
    erased_at: Type.Union([DateTimeText, Type.Null()], { description: 'Set once the personal data was erased' }),
    merged_into_id: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Set on a duplicate that was merged into that client',
    }),
    created_at: DateTimeText,
    updated_at: DateTimeText,
  }),
);

const clientFields = {
  name: NonEmpty(200),
  email: Type.Optional(
    Type.Union([Email, Type.Literal(''), Type.Null()], {
      description: 'A valid email address; `""` or null for none. Stored lower-cased, unique when present',
    }),
  ),
  phone: Type.Optional(
    Type.String({
      maxLength: 50,
      description:
        'Any notation; stored in E.164 (`+31612345678`), read in the salon country when without `+`. `""` for none; 400 `invalid_phone` when not a phone number',
    }),
  ),
  birthday: Type.Optional(
    Type.Union([DateText, Type.Null()], { description: 'YYYY-MM-DD, a real date not in the future; null for none' }),
  ),
  gender: Type.Optional(Gender),
  notes: Type.Optional(Type.String({ maxLength: 5000 })),
  marketing_consent: Type.Optional(Flag),
  sms_consent: Type.Optional(Flag),
  language: Type.Optional(ClientLanguage),
  labels: Type.Optional(
    Type.Array(LabelName, {
      maxItems: 50,
      description: 'Label names; unknown names are created. On update, replaces the whole set',
    }),
  ),
};

export const ClientCreateBody = withExample(Type.Object(clientFields), {
  name: 'Ada Client',
  email: 'ada@example.com',
  phone: '+31 6 1234 5678',
  birthday: '1990-04-01',
});

export const ClientUpdateBody = Type.Object({ ...clientFields, name: Type.Optional(clientFields.name) });

export const ClientListQuery = Type.Object({
  search: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Case-insensitive part of the name, email or phone; for the phone, spaces and dashes are ignored on both sides',
    }),
  ),
  label: Type.Optional(Type.String({ maxLength: 50, description: 'Only clients with this label (name, any case)' })),
  include_inactive: Type.Optional(
    Type.Boolean({ description: '`true`: erased and merged-away clients too (default: left out)' }),
  ),
  sort: Type.Optional(
    Type.Union([Type.Literal('name'), Type.Literal('created_at')], {
      description:
        'An extension: the order of the list. `name` (default): by name, case-insensitive; `created_at`: by when the client was added. Ties by id, in the same direction',
    }),
  ),
  order: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc')], {
      description: 'An extension: `asc` (default) or `desc`, for `sort`',
    }),
  ),
  ...PageQuery,
});

export const MergeBody = Type.Object({
  duplicate_id: Id,
});

export const LabelOut = named(
  'ClientLabel',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    color: Type.String(),
    client_count: Type.Integer(),
    created_at: DateTimeText,
  }),
);

const Color = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: '`#rrggbb`', examples: ['#6e56cf'] });

export const LabelCreateBody = Type.Object({
  name: LabelName,
  color: Type.Optional(Color),
});

export const LabelUpdateBody = Type.Object({
  name: Type.Optional(LabelName),
  color: Type.Optional(Color),
});

export const ClientExportOut = named(
  'ClientExport',
  Type.Object(
    {
      exported_at: DateTimeText,
      client: Type.Object({
        ...ClientOut.properties,
        has_password: FlagOut,
      }),
      labels: Type.Array(Type.Object({ name: Type.String(), color: Type.String() })),
    },
    {
      additionalProperties: true,
      description: 'Everything held about the client; later modules add sections (bookings, orders …)',
    },
  ),
);

export type ClientCreateInput = Static<typeof ClientCreateBody>;
export type ClientUpdateInput = Static<typeof ClientUpdateBody>;
export type ClientListInput = Static<typeof ClientListQuery>;
export type ClientOutput = Static<typeof ClientOut>;
export type LabelCreateInput = Static<typeof LabelCreateBody>;
export type LabelUpdateInput = Static<typeof LabelUpdateBody>;
export type LabelOutput = Static<typeof LabelOut>;
