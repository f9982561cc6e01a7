import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Dialect } from './connection.js';

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

/**
 * `lower(expression) like pattern escape '\'`, for a pattern from containsPattern(), as each
 * engine needs it. SQLite's LIKE already ignores the case of ASCII letters, and only of those,
 * which is all its lower() folds: there lower() changes nothing that is found and costs a copy
 * of every row's text read. PostgreSQL's LIKE heeds case (and its trigram indexes are built on
 * lower() of the columns).
 */
export function likeAnyCase(dialect: Dialect, column: RawBuilder<unknown>, pattern: string): RawBuilder<boolean> {
  return likeEscaped(dialect === 'sqlite' ? column : sql`lower(${column})`, pattern);
}
