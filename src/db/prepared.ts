import { SqliteAdapter, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type { Executor } from './executor.js';
import { planStable } from './sqlite-stable-plan.js';
import type { DB } from './types.js';

/*
 * Queries built once, executed many times. Kysely builds a query as a tree of immutable nodes
 * and compiles it to SQL on every execution; on the hot reads that was a fifth of a request's
 * CPU (bench/README.md), more than the SQL itself. A prepared query is built with Kysely as
 * usual, once per dialect, with named placeholders where the request's values go; each
 * execution only puts the values in place and runs the compiled SQL (whose statement SQLite
 * also keeps prepared, see connection.ts). On SQLite the request's values are bound so that
 * the statement's plan never depends on them and it is not compiled again on each run
 * (sqlite-stable-plan.ts).
 *
 *   const userById = prepared((db, p: { id: number }) =>
 *     db.selectFrom('users').select(['id', 'name']).where('id', '=', p.id));
 *   const user = await userById.first(db, { id: 7 });
 *
 * The build function sees placeholders, not values: it must not branch on them or compute
 * with them. A query whose shape depends on the request (an `in` list's length) is prepared
 * once per shape with `preparedByShape`, its list given by `listOf` / `listValues`.
 */

/** A named slot in a compiled query's parameters. */
class Placeholder {
  constructor(readonly name: string) {}
}

interface Compiled {
  sql: CompiledQuery<unknown>;
  /** Per parameter: the name of the value it takes, or null for a constant of the query. */
  slots: Array<string | null>;
}

export interface PreparedQuery<P, O> {
  /** Every row. */
  all(db: Executor, params: P): Promise<O[]>;
  /** The first row, or undefined. */
  first(db: Executor, params: P): Promise<O | undefined>;
}

export function prepared<P extends Record<string, unknown>, O>(
  build: (db: Kysely<DB>, params: P) => Compilable<O>,
): PreparedQuery<P, O> {
  // One compiled query per dialect: the SQL (`?` or `$1`, quoting) is the dialect's.
  const byDialect = new WeakMap<object, Compiled>();
  const placeholders = new Proxy({} as P, {
    get: (_target, name) => (typeof name === 'string' ? new Placeholder(name) : undefined),
  });

  function compiledFor(db: Executor): Compiled {
    const adapter = db.getExecutor().adapter;
    let compiled = byDialect.get(adapter.constructor);
    if (!compiled) {
      let sql = build(db, placeholders).compile() as CompiledQuery<unknown>;
      let slots = sql.parameters.map((value) => (value instanceof Placeholder ? value.name : null));
      if (adapter instanceof SqliteAdapter) {
        const stable = planStable({ sql: sql.sql, slots, constants: sql.parameters });
        sql = { ...sql, sql: stable.sql, parameters: stable.constants };
        slots = stable.slots;
      }
      compiled = { sql, slots };
      byDialect.set(adapter.constructor, compiled);
    }
    return compiled;
  }

  async function run(db: Executor, params: P): Promise<O[]> {
    const { sql, slots } = compiledFor(db);
    const constants = sql.parameters;
    const parameters = slots.map((name, i) => (name === null ? constants[i] : params[name]));
    const result = await db.executeQuery<O>({ ...sql, parameters });
    return result.rows;
  }

  return {
    all: run,
    first: async (db, params) => (await run(db, params))[0],
  };
}

/**
 * One prepared query per shape: `build` is called once for each shape seen (an `in` list's
 * length, whether an optional filter is present), and that query is reused for that shape.
 * Shapes should be few (a list's length, not its values).
 */
export function preparedByShape<S extends string | number, P extends Record<string, unknown>, O>(
  build: (db: Kysely<DB>, params: P, shape: S) => Compilable<O>,
): { all(db: Executor, shape: S, params: P): Promise<O[]> } {
  const shapes = new Map<S, PreparedQuery<P, O>>();
  return {
    all(db, shape, params) {
      let query = shapes.get(shape);
      if (!query) {
        query = prepared((inner, p: P) => build(inner, p, shape));
        shapes.set(shape, query);
      }
      return query.all(db, params);
    },
  };
}

/** In a build function: placeholders for a list of `length` values named `name` (see `listValues`). */
export function listOf<T>(params: Record<string, unknown>, name: string, length: number): T[] {
  return Array.from({ length }, (_, i) => params[`${name}${i}`] as T);
}

/**
 * The values of a list for `listOf`'s placeholders, to spread into the parameters. Given a
 * `length` beyond the list's own (see `inListShape`), the slots past its end repeat its last
 * value, which an `in` does not match twice.
 */
export function listValues<T>(name: string, values: readonly T[], length = values.length): Record<string, T> {
  const out: Record<string, T> = {};
  for (let i = 0; i < length; i += 1) out[`${name}${i}`] = values[Math.min(i, values.length - 1)]!;
  return out;
}

/**
 * The shape of an `in` list of `length` values (at least one): the next power of two, so that
 * lists of every length up to 500 share ten prepared queries, not five hundred.
 */
export function inListShape(length: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(1, length)));
}
