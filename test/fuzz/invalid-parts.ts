import fc from 'fast-check';
import type { Schema } from './json-schema.js';
import type { Operation } from './openapi-operations.js';
import { preferredMediaType, validParts, type RequestParts } from './request-parts.js';

/** Values of every JSON type, so that at least one is the wrong type for any field. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** Where a value sits inside a JSON body: the chain of keys and indexes. */
type JsonPath = Array<string | number>;

function pathsIn(value: unknown, prefix: JsonPath = []): JsonPath[] {
  const here = prefix.length > 0 ? [prefix] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => pathsIn(item, [...prefix, i]))];
  if (typeof value === 'object' && value !== null) {
    return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsIn(item, [...prefix, key]))];
  }
  return here;
}

function setAt(value: unknown, path: JsonPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[head!] = setAt(copy[head!], rest, replacement);
  return copy;
}

const describePath = (path: JsonPath) => path.join('.') || '(whole body)';

/**
 * Schema-invalid requests: a valid one with one thing broken (a field of the wrong type, a
 * required field left out, an unknown field, a body of the wrong shape, a bad query or path
 * value, no body at all). fast-check picks what to break and with what.
 */
export function invalidParts(operation: Operation): fc.Arbitrary<RequestParts> {
  const mediaType = preferredMediaType(operation);
  const required = ((mediaType && operation.body?.content.get(mediaType)?.required) ?? []) as string[];
  const queryNames = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const pathNames = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const mutations: Array<fc.Arbitrary<(parts: RequestParts) => RequestParts>> = [];
  if (operation.body) {
    mutations.push(
      fc.tuple(fc.nat(), anyJson).map(([which, wrong]) => (parts: RequestParts) => {
        const paths = pathsIn(parts.body);
        const path = paths.length > 0 ? paths[which % paths.length]! : [];
        return {
          ...parts,
          label: `invalid: body ${describePath(path)} = ${JSON.stringify(wrong)}`,
          body: setAt(parts.body, path, wrong),
        };
      }),
      fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), anyJson).map(([name, value]) => (parts: RequestParts) => ({
        ...parts,
        label: `invalid: unknown body field ${JSON.stringify(name)}`,
        body: typeof parts.body === 'object' && parts.body !== null ? { ...parts.body, [name]: value } : parts.body,
      })),
      fc.constant((parts: RequestParts) => ({ ...parts, label: 'invalid: no body', mediaType: null, body: undefined })),
    );
    if (required.length > 0) {
      mutations.push(
        fc.constantFrom(...required).map((name) => (parts: RequestParts) => {
          const body = { ...(parts.body as Schema) };
          delete body[name];
          return { ...parts, label: `invalid: required body field ${name} left out`, body };
        }),
      );
    }
  }
  if (queryNames.length > 0) {
    mutations.push(
      fc.tuple(fc.constantFrom(...queryNames), fc.string({ maxLength: 30 })).map(([name, text]) => (parts) => ({
        ...parts,
        label: `invalid: query ${name} = ${JSON.stringify(text)}`,
        query: { ...parts.query, [name]: text },
      })),
    );
  }
  if (pathNames.length > 0) {
    mutations.push(
      fc
        .tuple(fc.constantFrom(...pathNames), fc.string({ minLength: 1, maxLength: 30 }))
        .map(([name, text]) => (parts) => ({
          ...parts,
          label: `invalid: path ${name} = ${JSON.stringify(text)}`,
          path: { ...parts.path, [name]: text },
        })),
    );
  }
  // Whatever the operation: a token that is wrong, or none.
  mutations.push(
    fc.constantFrom<RequestParts['auth']>('none', 'garbage', 'staff', 'client').map((auth) => (parts) => ({
      ...parts,
      label: `invalid: ${auth} token`,
      auth,
    })),
  );
  return fc.tuple(validParts(operation), fc.oneof(...mutations)).map(([parts, mutate]) => mutate(parts));
}
