import { Type, type Static, type TSchema } from 'typebox';

/*
 * Schema pieces shared by every module, so that each convention of the API (docs/api.md "Basics", "Formats") is written once.
 */

/**
 * The key that gives a schema its name in the OpenAPI document: a schema carrying it is
 * listed once under `#/components/schemas/<name>` and referenced from every place it is
 * used. An annotation only: Ajv and the serializer ignore it.
 */
export const COMPONENT_NAME = 'x-component-name';

/** `schema`, named `name` in the OpenAPI document (a resource, a page of them, the error). */
export function named<T extends TSchema>(name: string, schema: T): T {
  return Object.assign(schema, { [COMPONENT_NAME]: name });
}

export const ErrorBody = Type.Object(
  {
    error: Type.String(),
    code: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { $id: 'Error', description: 'Every error: a human message and a stable snake_case code' },
);

export const errorRef = Type.Ref('Error');

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 8, maxLength: 1024 });
/** A 0/1 field: accepts true/false too. */
export const Flag = Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)]);
/**
 * At least one visible character: not only whitespace, control characters, format characters
 * such as the zero-width space, or other characters that render as nothing (Hangul fillers,
 * variation selectors). A name made only of those looks blank in every list yet is not empty.
 */
export const VISIBLE_TEXT_PATTERN = '[^\\s\\p{Cc}\\p{Cf}\\p{Cs}\\p{Z}\\p{Default_Ignorable_Code_Point}]';

/** Required text, such as a name: 1 to `max` characters, at least one of them visible. */
export const NonEmpty = (max = 255) =>
  Type.String({
    minLength: 1,
    maxLength: max,
    pattern: VISIBLE_TEXT_PATTERN,
    description: 'Must contain a visible character',
  });

/** Ids are PostgreSQL `integer`s: a larger number is a 400, not a database error. */
/** The language a client reads: the language of their emails and text messages. */
export const ClientLanguage = Type.Union([Type.Literal('en'), Type.Literal('nl'), Type.Null()], {
  description: "`en` or `nl`: the language of the client's emails and text messages; null: the salon's `language`",
});

/** A booking's status: in the bookings API and in a client's history (clients), which shows their bookings. */
export const BookingStatus = Type.Union(
  [
    Type.Literal('scheduled'),
    Type.Literal('provisional'),
    Type.Literal('completed'),
    Type.Literal('cancelled'),
    Type.Literal('no-show'),
  ],
  { description: 'scheduled, provisional, completed, cancelled or no-show' },
);

export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const IdParams = Type.Object({ id: Id });

/** A calendar date; services check it names a real day (a pattern cannot reject 2026-02-30). */
export const DateText = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'YYYY-MM-DD',
  examples: ['2026-11-23'],
});

const TIME = { pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM, 24-hour, 00:00 to 23:59' };
export const TimeText = Type.String({ ...TIME, examples: ['09:00'] });
/** TimeText for the end of a range: its example lies after TimeText's, as the server requires. */
export const EndTimeText = Type.String({ ...TIME, examples: ['17:00'] });

export const Ok = Type.Object({ ok: Type.Literal(true) });

/**
 * A wall-clock datetime as input: `YYYY-MM-DD HH:MM[:SS]`, ISO `T` accepted, surrounding
 * spaces ignored (the shapes `parseLocalDateTime` reads); the service checks the moment is real.
 */
export function DateTimeInput(description: string, example: string) {
  return Type.String({
    maxLength: 30,
    pattern: '^\\s*\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2})?\\s*$',
    description,
    examples: [example],
  });
}

/** A datetime as the API writes it (output only: input takes `DateTimeInput`). */
export const DateTimeText = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
  description: 'YYYY-MM-DD HH:MM:SS in the salon time zone',
  examples: ['2026-11-22 14:30:00'],
});

/** Pagination is decided in one place; modules take its query schema from here too. */
export { PageQuery } from './pagination.js';

/**
 * Without `page` a plain array; with it, the paginated envelope. The envelope of a named
 * item is named too: `ClientPage` for `Client`.
 */
export function Listing<T extends TSchema>(item: T) {
  const page = Type.Object(
    {
      data: Type.Array(item),
      page: Type.Integer({ minimum: 1 }),
      limit: Type.Integer({ minimum: 1 }),
      total: Type.Integer({ minimum: 0 }),
      total_pages: Type.Integer({ minimum: 0 }),
    },
    { description: 'One page of a list: asked for with `page`' },
  );
  const itemName = (item as Record<string, unknown>)[COMPONENT_NAME];
  return Type.Union([Type.Array(item), typeof itemName === 'string' ? named(`${itemName}Page`, page) : page]);
}

export function toFlag(value: boolean | 0 | 1): 0 | 1 {
  return value === true || value === 1 ? 1 : 0;
}

const Binary = { type: 'string', format: 'binary' } as const;

/**
 * A 200 answered with a file's bytes rather than JSON, in one of `mediaTypes`. For the
 * document only: the handler sends a Buffer or a stream, which Fastify never serializes.
 */
export function FileAnswer(description: string, mediaTypes: readonly string[], attachment: boolean) {
  return {
    description,
    ...(attachment
      ? {
          headers: {
            'content-disposition': { type: 'string', description: 'attachment; filename="<the file name>"' },
          },
        }
      : {}),
    content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: Binary }])),
  };
}

/**
 * A multipart/form-data upload of one file in the field `field`. Documentation only (the
 * route's `multipartBody`): the handler reads the stream itself and answers 400 when the
 * field is missing, so Fastify must not validate a body it never parses.
 */
export function FileUpload(field: string, description: string) {
  return Type.Object({ [field]: Type.Unsafe<unknown>({ ...Binary, description }) });
}

/**
 * `schema` with a whole example (a request body the server accepts, bar unknown ids): shown
 * by API tools instead of one assembled from the examples of its fields.
 */
export function withExample<T extends TSchema>(schema: T, example: Static<T>): T {
  return Object.assign(schema, { examples: [example] });
}
