import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * Case-insensitive "contains" search that means what the user typed on both engines: `%`,
 * `_` and the escape character itself match literally. The pattern and its `escape` clause
 * are made here together so they cannot disagree.
 */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `expression like pattern escape '\'`, for a pattern from containsPattern(). */
export function likeEscaped(
  expression: Expression<unknown> | RawBuilder<unknown>,
  pattern: string,
): RawBuilder<boolean> {
  return sql<boolean>`${expression} like ${pattern} escape '\\'`;
}
