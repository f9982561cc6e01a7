/*
 * SQLite compiles a statement again on every execution when its plan was chosen by looking
 * at a bound value: a `?` compared with a partial index's condition (bookings has one, so
 * every joined read of bookings qualifies), a `LIMIT ?`, a `LIKE ?`. better-sqlite3 binds the
 * values anew on each run, and each bind of such a value marks the statement expired. On the
 * full chain a booking by id spent most of its 45 µs of SQL compiling itself again (SQLite's
 * "query planner stability guarantee" would turn this off, but better-sqlite3 cannot set it).
 *
 * A prepared query's plan must not depend on the request's values anyway, so on SQLite each
 * request value is bound as `+?`: the unary plus leaves the value as it is (a bound value has
 * no affinity or collation to lose) but hides it from the planner. The query's own constants
 * are written into the SQL instead, where the planner still sees them: `status <> 'cancelled'`
 * still matches a partial index written with the same literal.
 */

/** A compiled query's text and, per `?` in it, the name of the request value it takes. */
export interface SlottedSql {
  sql: string;
  /** Per parameter: the name of the request value it takes, or null for a constant. */
  slots: Array<string | null>;
  /** Per parameter: its value when it is a constant of the query. */
  constants: readonly unknown[];
}

/** The SQL literal of a constant, or null when it has none that SQLite reads back the same. */
function literalOf(value: unknown): string | null {
  if (value === null) return 'null';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isFinite(value)) {
    // A negative number is written in parentheses: after a minus in the query, `--1` would
    // start a comment.
    return value < 0 ? `(${value})` : String(value);
  }
  return null;
}

/**
 * The same query with request values bound as `+?` and constants written as literals (a
 * constant without a literal, such as a buffer, stays bound). Quoted strings and identifiers
 * are skipped, so a `?` inside them is left alone.
 */
export function planStable(query: SlottedSql): SlottedSql {
  const { sql, slots, constants } = query;
  const outSlots: Array<string | null> = [];
  const outConstants: unknown[] = [];
  let out = '';
  let parameter = 0;
  let i = 0;
  while (i < sql.length) {
    const char = sql[i]!;
    if (char === "'" || char === '"' || char === '`') {
      // A quoted string or identifier; a doubled quote inside it is the quote itself.
      let end = i + 1;
      while (end < sql.length) {
        if (sql[end] === char) {
          if (sql[end + 1] === char) end += 2;
          else break;
        } else end += 1;
      }
      out += sql.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (char === '?') {
      const name = slots[parameter];
      const constant = constants[parameter];
      parameter += 1;
      i += 1;
      if (name === undefined) throw new Error(`more placeholders than parameters in: ${sql}`);
      const literal = name === null ? literalOf(constant) : null;
      if (literal !== null) {
        out += literal;
        continue;
      }
      out += name === null ? '?' : '+?';
      outSlots.push(name);
      outConstants.push(constant);
      continue;
    }
    out += char;
    i += 1;
  }
  if (parameter !== slots.length) throw new Error(`fewer placeholders than parameters in: ${sql}`);
  return { sql: out, slots: outSlots, constants: outConstants };
}
