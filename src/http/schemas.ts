import { Type, type TSchema } from 'typebox';

/*
 * Schema pieces shared by every module, so that each convention of CONTRACT.md is written once.
 */

export const ErrorBody = Type.Object(
  {
    error: Type.String(),
    code: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { $id: 'ErrorBody', description: 'Every error: a human message and a stable snake_case code' },
);

export const errorRef = Type.Ref('ErrorBody');

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 8, maxLength: 1024 });
/** A 0/1 field: accepts true/false too (CONTRACT.md). */
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
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const IdParams = Type.Object({ id: Id });

/** A calendar date; services check it names a real day (a pattern cannot reject 2026-02-30). */
export const DateText = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'YYYY-MM-DD',
  examples: ['2026-11-23'],
});

export const TimeText = Type.String({
  pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
  description: 'HH:MM, 24-hour, 00:00 to 23:59',
  examples: ['09:00'],
});

export const Ok = Type.Object({ ok: Type.Literal(true) });

export const DateTimeText = Type.String({
  description: 'YYYY-MM-DD HH:MM:SS in the salon time zone',
  examples: ['2026-11-22 14:30:00'],
});

/** Pagination is decided in one place; modules take its query schema from here too. */
export { PageQuery } from './pagination.js';

/** Without `page` a plain array; with it, the paginated envelope of CONTRACT.md. */
export function Listing<T extends TSchema>(item: T) {
  return Type.Union([
    Type.Array(item),
    Type.Object({
      data: Type.Array(item),
      page: Type.Integer(),
      limit: Type.Integer(),
      total: Type.Integer(),
      total_pages: Type.Integer(),
    }),
  ]);
}

export function toFlag(value: boolean | 0 | 1): 0 | 1 {
  return value === true || value === 1 ? 1 : 0;
}
