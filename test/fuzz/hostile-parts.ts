import fc from 'fast-check';
import type { Operation } from './openapi-operations.js';
import { encodeSegment, preferredMediaType, validParts, type RequestParts } from './request-parts.js';

/** How deep the nested bodies go: far past any real document, and past a recursive walker's stack. */
export const NESTING_DEPTH = 10_000;

/** Whole numbers, as a query string or a JSON body writes them, past 2^53, 2^63, and near a double's limit. */
const HUGE_NUMBERS = ['1e308', '1000000000000000000', '9223372036854775808', '99999999999999999999999999'];
/** Numbers at the other edges: the most negative, the smallest, the first that a double cannot hold exactly. */
const EDGE_NUMBERS = ['-1e308', '-9223372036854775809', '1e-308', '9007199254740993'];
/** Only in JSON text: a literal that parses to Infinity. */
const JSON_ONLY_HUGE = ['1e400', '-1e400'];
/** Path and query values that are not numbers in the form a client means. */
const ODD_NUMBERS = ['0', '-1', '1.5', '0x10', 'NaN', 'Infinity', ' 1', '1 ', '١', ...EDGE_NUMBERS];
/** Percent-encodings that do not decode, or decode to something no URL should hold. */
const BAD_ENCODINGS = ['%zz', '%', '%c3%28', '%E0%A4%A', '%ff%fe', '%00', '%2e%2e', '%u0041', '%%', '%0a'];
/** Text that is valid JSON but no name: control, invisible, direction-changing, lone surrogate. */
const HOSTILE_TEXT = [
  '\u0000',
  '\u0001',
  'a\u0000b',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\u0085',
  '\ud800',
  '\uffff',
  '\u0001\u200b\u0007',
  ' \t\r\n',
  '\u00a0',
];
/** Keys that reach an object's prototype when a parser or a merge is careless. */
const PROTOTYPE_BODIES = [
  (json: string) => `{"__proto__":{"role":"admin","active":1},${json.slice(1)}`,
  (json: string) => `{"constructor":{"prototype":{"role":"admin"}},${json.slice(1)}`,
  (json: string) => `${json.slice(0, -1)}${json.length > 2 ? ',' : ''}"__proto__":null}`,
  (_json: string) => `{"a":{"__proto__":{"polluted":true}},"__proto__":[]}`,
];

function deepBody(shape: 'array' | 'object'): string {
  return shape === 'array'
    ? '['.repeat(NESTING_DEPTH) + ']'.repeat(NESTING_DEPTH)
    : '{"a":'.repeat(NESTING_DEPTH) + '1' + '}'.repeat(NESTING_DEPTH);
}

/** `value` with every number and every string passed through `number` and `text`. */
function mapLeaves(value: unknown, number: (n: number) => unknown, text: (s: string) => unknown): unknown {
  if (typeof value === 'number') return number(value);
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) return value.map((item) => mapLeaves(item, number, text));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapLeaves(item, number, text)]));
  }
  return value;
}

const isNumeric = (type: unknown) =>
  type === 'integer' ||
  type === 'number' ||
  (Array.isArray(type) && (type.includes('integer') || type.includes('number')));

/**
 * The shapes an attacker tries first, each against every operation it applies to: bodies
 * nested 10,000 deep, numbers no column holds, path segments too long or badly encoded,
 * control and invisible characters in every text, prototype keys, an empty JSON body, a
 * body of the wrong type or cut short. fast-check picks the details (which number, which
 * character, which shape).
 */
export function hostileParts(operation: Operation): Array<fc.Arbitrary<RequestParts>> {
  // Each shape starts from a request that would otherwise get far: the schemas' examples,
  // ids that exist, and no optional query parameter that could stop it before the shape counts.
  const valid = validParts(operation, { examples: true, knownIds: true, optionals: 0 });
  const full = validParts(operation, { examples: true, knownIds: true, optionals: 1 });
  const shapes: Array<fc.Arbitrary<RequestParts>> = [];
  const add = <T>(detail: fc.Arbitrary<T>, make: (parts: RequestParts, detail: T) => RequestParts, base = valid) =>
    shapes.push(fc.tuple(base, detail).map(([parts, chosen]) => make(parts, chosen)));
  const jsonBody = (preferredMediaType(operation) ?? '').includes('json');

  if (operation.method !== 'GET' && operation.method !== 'HEAD') {
    add(fc.constantFrom<'array' | 'object'>('array', 'object'), (parts, shape) => ({
      ...parts,
      label: `hostile: JSON body (${shape}s) nested ${NESTING_DEPTH} deep`,
      mediaType: 'application/json',
      body: deepBody(shape),
    }));
    add(fc.constant(null), (parts) => ({
      ...parts,
      label: 'hostile: empty body with Content-Type application/json',
      mediaType: 'application/json',
      body: '',
    }));
  }
  if (operation.body) {
    add(fc.constantFrom('text/plain', 'application/xml', 'application/octet-stream'), (parts, type) => ({
      ...parts,
      label: `hostile: body as ${type}`,
      mediaType: type,
      headers: { ...parts.headers, 'content-type': type },
      body: JSON.stringify(parts.body ?? {}),
    }));
  }
  if (jsonBody) {
    add(fc.constantFrom(...PROTOTYPE_BODIES.keys()), (parts, which) => {
      const json = JSON.stringify(typeof parts.body === 'object' && parts.body !== null ? parts.body : {});
      const body = PROTOTYPE_BODIES[which]!(json.startsWith('{') ? json : '{}');
      return { ...parts, label: `hostile: prototype keys in the body`, mediaType: 'application/json', body };
    });
    add(fc.nat(), (parts, cut) => {
      const json = JSON.stringify(parts.body ?? {});
      return {
        ...parts,
        label: 'hostile: JSON body cut short',
        mediaType: 'application/json',
        body: json.slice(0, Math.max(1, cut % json.length)),
      };
    });
    add(
      fc.constantFrom(...HUGE_NUMBERS, ...EDGE_NUMBERS, ...JSON_ONLY_HUGE),
      (parts, huge) => ({
        ...parts,
        label: `hostile: every number in the body ${huge}`,
        mediaType: 'application/json',
        body: JSON.stringify(
          mapLeaves(
            parts.body ?? {},
            () => '@@huge@@',
            (s) => s,
          ),
        ).replaceAll('"@@huge@@"', huge),
      }),
      full,
    );
    add(
      fc.constantFrom(...HOSTILE_TEXT),
      (parts, text) => ({
        ...parts,
        label: `hostile: every text in the body ${JSON.stringify(text)}`,
        body: mapLeaves(
          parts.body,
          (n) => n,
          () => text,
        ),
      }),
      full,
    );
  }

  const query = operation.parameters.filter((p) => p.in === 'query');
  const numericQuery = query.filter((p) => isNumeric(p.schema.type));
  if (numericQuery.length > 0) {
    add(fc.constantFrom(...HUGE_NUMBERS), (parts, huge) => ({
      ...parts,
      label: `hostile: every number in the query ${huge}`,
      query: { ...parts.query, ...Object.fromEntries(numericQuery.map((p) => [p.name, huge])) },
    }));
    for (const parameter of numericQuery) {
      add(fc.constantFrom(...HUGE_NUMBERS), (parts, huge) => ({
        ...parts,
        label: `hostile: query ${parameter.name}=${huge}`,
        query: { ...parts.query, [parameter.name]: huge },
      }));
    }
    add(
      fc.tuple(fc.constantFrom(...numericQuery.map((p) => p.name)), fc.constantFrom(...ODD_NUMBERS)),
      (parts, [name, odd]) => ({
        ...parts,
        label: `hostile: query ${name}=${JSON.stringify(odd)}`,
        query: { ...parts.query, [name]: odd },
      }),
    );
  }
  if (query.length > 0) {
    add(
      fc.tuple(fc.constantFrom(...query.map((p) => p.name)), fc.constantFrom(...BAD_ENCODINGS)),
      (parts, [name, bad]) => ({
        ...parts,
        label: `hostile: query ${name}=${bad} (bad percent-encoding)`,
        query: { ...parts.query, [name]: undefined },
        rawQuery: `${encodeURIComponent(name)}=${bad}`,
      }),
    );
    add(fc.constantFrom(...HOSTILE_TEXT), (parts, text) => ({
      ...parts,
      label: `hostile: every query value ${JSON.stringify(text)}`,
      query: Object.fromEntries(query.map((p) => [p.name, text])),
    }));
    add(fc.constantFrom(...query.map((p) => p.name)), (parts, name) => ({
      ...parts,
      label: `hostile: query ${name} given twice`,
      query: { ...parts.query, [name]: undefined },
      rawQuery: `${encodeURIComponent(name)}=1&${encodeURIComponent(name)}=2`,
    }));
  }

  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    const name = parameter.name;
    add(
      fc.tuple(fc.integer({ min: 101, max: 2000 }), fc.constantFrom('1', 'a', 'é', '-')),
      (parts, [length, unit]) => ({
        ...parts,
        label: `hostile: path ${name} of ${length} characters`,
        rawPath: { ...parts.rawPath, [name]: encodeSegment(unit.repeat(length)) },
      }),
    );
    add(fc.constantFrom(...BAD_ENCODINGS), (parts, bad) => ({
      ...parts,
      label: `hostile: path ${name} ${bad} (bad percent-encoding)`,
      rawPath: { ...parts.rawPath, [name]: bad },
    }));
    add(fc.constantFrom(...HOSTILE_TEXT, ...HUGE_NUMBERS, ...ODD_NUMBERS), (parts, odd) => ({
      ...parts,
      label: `hostile: path ${name} ${JSON.stringify(odd)}`,
      path: { ...parts.path, [name]: odd },
    }));
  }
  return shapes;
}
