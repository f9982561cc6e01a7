/*
 * A page's state in its address's query, typed: a schema names each parameter with how it is
 * read, written, its default and whether changing it adds a history entry. A reload, Back and a
 * shared link then bring the state back: `/clients?q=jan&sort=-last_visit&page=3`.
 *
 * - What cannot be read (`page=abc`, a sort column that does not exist) counts as its default:
 *   an old or hand-edited link opens the page, never an error.
 * - Defaults are left out of the address, so the plain page has the plain address.
 * - Parameters the schema does not name (`lang`, `embed` …) are kept as written.
 * - Written readably: `,` `:` `@` `/` stay as they are (URLSearchParams would write `%2C`, `%3A`
 *   …), which the query allows, so an address with a time or an email can be read when shared.
 *
 * This file only reads and writes text; lib/use-search-params.ts is the hook on the router.
 */

export type HistoryRule = 'push' | 'replace';

export interface Param<T> {
  /** The value when the address lacks the parameter or holds something unreadable. */
  readonly default: T;
  /** The value of the parameter's text, or null when it is not one. */
  read(text: string): T | null;
  write(value: T): string;
  /**
   * `push`: a change adds a history entry, so Back undoes it (a page of a list); `replace`: it
   * rewrites the current entry, so typing in a search box or clicking through sorts adds nothing.
   */
  readonly history: HistoryRule;
}

export type Schema = Record<string, Param<unknown>>;
export type Values<S extends Schema> = { [K in keyof S]: S[K] extends Param<infer T> ? T : never };

export interface Sort<C extends string = string> {
  column: C;
  direction: 'ascending' | 'descending';
}

/** The kinds of parameter; each takes its default and its history rule. */
export const param = {
  /** A whole number from `min` to `max`. */
  integer(options: { default: number; min?: number; max?: number; history?: HistoryRule }): Param<number> {
    const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = options;
    return {
      default: options.default,
      history: options.history ?? 'replace',
      read: (text) => {
        if (!/^-?\d{1,15}$/.test(text)) return null;
        const value = Number(text);
        return value >= min && value <= max ? value : null;
      },
      write: String,
    };
  },

  /** Free text (a search), cut at `maxLength` characters. */
  text(options: { default?: string; maxLength?: number; history?: HistoryRule } = {}): Param<string> {
    const maxLength = options.maxLength ?? 200;
    return {
      default: options.default ?? '',
      history: options.history ?? 'replace',
      read: (text) => text.slice(0, maxLength),
      write: (value) => value,
    };
  },

  /** One of a fixed list (a status, a page size). */
  oneOf<const V extends string | number>(
    values: readonly V[],
    options: { default: V; history?: HistoryRule },
  ): Param<V> {
    return {
      default: options.default,
      history: options.history ?? 'replace',
      read: (text) => values.find((value) => String(value) === text) ?? null,
      write: String,
    };
  },

  /** A column and a direction: `name` ascending, `-name` descending. */
  sort<const C extends string>(
    columns: readonly C[],
    options: { default: Sort<NoInfer<C>>; history?: HistoryRule },
  ): Param<Sort<C>> {
    return {
      default: options.default,
      history: options.history ?? 'replace',
      read: (text) => {
        const descending = text.startsWith('-');
        const column = columns.find((name) => name === (descending ? text.slice(1) : text));
        return column === undefined ? null : { column, direction: descending ? 'descending' : 'ascending' };
      },
      write: (value) => `${value.direction === 'descending' ? '-' : ''}${value.column}`,
    };
  },
};

/** The query's parts as written (`key=value`), without the leading `?`. */
function parts(search: string): string[] {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '');
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return ''; // A broken escape (`%E0%A4%A`) reads as nothing, i.e. the default.
  }
}

function encode(text: string): string {
  return encodeURIComponent(text).replace(/%(2C|3A|40|2F)/gi, (escape) => decodeURIComponent(escape));
}

/** The values an address holds, each parameter's default where it holds none that can be read. */
export function readParams<S extends Schema>(schema: S, search: string): Values<S> {
  const found = new Map<string, string>();
  for (const part of parts(search)) {
    const [key = '', ...rest] = part.split('=');
    const name = decode(key);
    if (!found.has(name)) found.set(name, decode(rest.join('=')));
  }
  const values: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(schema)) {
    const text = found.get(name);
    values[name] = (text === undefined ? null : kind.read(text)) ?? kind.default;
  }
  return values as Values<S>;
}

function isDefault(kind: Param<unknown>, value: unknown): boolean {
  return kind.write(value) === kind.write(kind.default);
}

/**
 * The query (`?…`, or `''` when empty) with these values, in the schema's order after the
 * address's other parameters, which are kept as written; defaults left out.
 */
export function writeParams<S extends Schema>(schema: S, search: string, values: Values<S>): string {
  const others = parts(search).filter((part) => !(decode(part.split('=')[0] ?? '') in schema));
  const own = Object.entries(schema)
    .filter(([name, kind]) => !isDefault(kind, values[name]))
    .map(([name, kind]) => `${encode(name)}=${encode(kind.write(values[name]))}`);
  const query = [...others, ...own].join('&');
  return query === '' ? '' : `?${query}`;
}

/** `push` when a parameter whose rule is `push` changed, else `replace`. */
export function historyMode<S extends Schema>(schema: S, before: Values<S>, after: Values<S>): HistoryRule {
  const changed = Object.entries(schema).filter(([name, kind]) => kind.write(before[name]) !== kind.write(after[name]));
  return changed.some(([, kind]) => kind.history === 'push') ? 'push' : 'replace';
}

/**
 * A list's parameters: its page (a new page adds a history entry, so Back returns to the page
 * before), its page size, its sort and its filters (which replace the entry: a search typed
 * letter by letter must not flood the history).
 */
export function listSchema<const C extends string, F extends Schema>(options: {
  sortColumns: readonly C[];
  defaultSort: Sort<NoInfer<C>>;
  pageSizes: readonly number[];
  filters: F;
}) {
  return {
    ...options.filters,
    sort: param.sort(options.sortColumns, { default: options.defaultSort }),
    size: param.oneOf(options.pageSizes, { default: options.pageSizes[0] ?? 25 }),
    page: param.integer({ default: 1, min: 1, history: 'push' }),
  };
}

/** A list's change: anything but the page (a sort, a filter, the page size) starts again at page 1. */
export function listUpdate<V extends { page: unknown }>(update: Partial<V>): Partial<V> {
  return 'page' in update ? update : { ...update, page: 1 };
}
