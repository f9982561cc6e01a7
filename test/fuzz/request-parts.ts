import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { generateSync } from 'json-schema-faker';
import { withModestSizes, type Schema } from './json-schema.js';
import { TINY_PNG } from '../helpers/multipart.js';
import type { Operation, Parameter } from './openapi-operations.js';

/** Which token a request carries; the runner holds the tokens. */
export type AuthChoice = 'operation' | 'none' | 'garbage' | 'admin' | 'staff' | 'client';

/** A request before it is written out: values, not yet text. */
export interface RequestParts {
  label: string;
  operation: Operation;
  method: string;
  path: Record<string, unknown>;
  /** Path values already percent-encoded (or badly encoded on purpose), which win over `path`. */
  rawPath: Record<string, string>;
  query: Record<string, unknown>;
  /** Query text appended as is (badly encoded or repeated parameters). */
  rawQuery: string;
  headers: Record<string, string>;
  /** The media type of the body, or null for none. */
  mediaType: string | null;
  body: unknown;
  auth: AuthChoice;
}

/** Ids that exist once the fuzzer has seeded its data: the first rows of every table. */
export const KNOWN_IDS = [1, 2, 3];

function isInteger(schema: Schema): boolean {
  return schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));
}

/** json-schema-faker, seeded: the same seed gives the same value. */
export function fake(schema: Schema, seed: number, options: { examples: boolean; optionals: number }): unknown {
  try {
    return generateSync(withModestSizes(schema), {
      seed,
      useExamplesValue: options.examples,
      optionalsProbability: options.optionals,
      maxDefaultItems: 3,
      maxDepth: 4,
    });
  } catch {
    // A schema the generator cannot satisfy: the request goes out without that part, which
    // is one more invalid request rather than a fuzzer crash.
    return undefined;
  }
}

/** The object schema of one place's parameters (path, query, header). */
function parametersSchema(parameters: Parameter[]): Schema {
  return {
    type: 'object',
    properties: Object.fromEntries(
      parameters.map((p) => [
        p.name,
        // A path segment is never empty: an empty one would be another URL altogether.
        p.in === 'path' && !isInteger(p.schema) ? { minLength: 1, ...p.schema } : p.schema,
      ]),
    ),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

/** Integer fields named `id` or `…_id` set to ids that exist, so that requests get past "not found". */
function withKnownIds(value: unknown, pick: () => number): unknown {
  if (Array.isArray(value)) return value.map((item) => withKnownIds(item, pick));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      typeof item === 'number' && Number.isInteger(item) && /(^|_)id$/.test(key) ? pick() : withKnownIds(item, pick),
    ]),
  );
}

/** The media type a generated request sends: JSON where the operation takes it. */
export function preferredMediaType(operation: Operation): string | null {
  if (!operation.body) return null;
  const types = [...operation.body.content.keys()];
  return types.find((type) => type.includes('json')) ?? types[0] ?? null;
}

/** How a valid request is drawn: from the schemas' examples or anywhere, with how many optional fields, with ids that exist. */
export interface Drawing {
  examples: boolean;
  optionals: number;
  knownIds: boolean;
}

/** What an upload sends: a real image, a real PDF, or bytes of no known type. */
const SAMPLE_FILES = [
  TINY_PNG,
  Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  Buffer.from('just text'),
];

const isFileField = (schema: Schema | undefined) =>
  schema?.format === 'binary' || schema?.contentMediaType !== undefined || schema?.contentEncoding !== undefined;

/** A multipart body with its file fields holding `file`. */
function withFiles(body: unknown, schema: Schema, file: Buffer): unknown {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const fields = { ...(body as Record<string, unknown>) };
  for (const [name, property] of Object.entries(properties)) if (isFileField(property)) fields[name] = file;
  return fields;
}

/**
 * Schema-valid parts for `operation`, drawn from the schemas by json-schema-faker; `fixed`
 * pins how (the hostile shapes start from a request likely to get far, so that it is the
 * shape that is tested and not the other fields).
 */
export function validParts(operation: Operation, fixed: Partial<Drawing> = {}): fc.Arbitrary<RequestParts> {
  const places = (place: Parameter['in']) => operation.parameters.filter((p) => p.in === place);
  const pinned = <T>(value: T | undefined, otherwise: fc.Arbitrary<T>) =>
    value === undefined ? otherwise : fc.constant(value);
  return fc
    .record({
      seed: fc.integer({ min: 1, max: 0x7fffffff }),
      examples: pinned(fixed.examples, fc.boolean()),
      optionals: pinned(fixed.optionals, fc.constantFrom(0, 0.5, 1)),
      knownIds: pinned(fixed.knownIds, fc.boolean()),
      idPicks: fc.array(fc.constantFrom(...KNOWN_IDS), { minLength: 8, maxLength: 8 }),
      withBody: fc.double({ min: 0, max: 1, noNaN: true }),
      file: fc.constantFrom(...SAMPLE_FILES),
    })
    .map(({ seed, examples, optionals, knownIds, idPicks, withBody, file }) => {
      const options = { examples, optionals };
      let pickAt = 0;
      const pick = () => idPicks[pickAt++ % idPicks.length]!;
      const known = (value: unknown) => (knownIds ? withKnownIds(value, pick) : value);
      const path = (fake(parametersSchema(places('path')), seed, options) ?? {}) as Record<string, unknown>;
      if (knownIds) {
        for (const p of places('path')) if (isInteger(p.schema)) path[p.name] = pick();
      }
      const mediaType = preferredMediaType(operation);
      const sendBody = mediaType !== null && (operation.body!.required || withBody < 0.8);
      let body = sendBody ? known(fake(operation.body!.content.get(mediaType)!, seed + 3, options)) : undefined;
      if (sendBody && mediaType.startsWith('multipart/'))
        body = withFiles(body, operation.body!.content.get(mediaType)!, file);
      return {
        label: 'valid',
        operation,
        method: operation.method,
        path,
        rawPath: {},
        query: known(fake(parametersSchema(places('query')), seed + 1, options) ?? {}) as Record<string, unknown>,
        rawQuery: '',
        headers: printableHeaders(fake(parametersSchema(places('header')), seed + 2, options)),
        mediaType: sendBody ? mediaType : null,
        body,
        auth: 'operation',
      };
    });
}

/** Header values as text a client can send (a header cannot hold control characters at all). */
function printableHeaders(values: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    headers[name.toLowerCase()] = text.replace(/[^\x20-\x7e]/g, '');
  }
  return headers;
}

/** A request as `app.inject` takes it. */
export interface WrittenRequest {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  auth: AuthChoice;
}

/** Percent-encoded UTF-8; a lone surrogate (which encodeURIComponent refuses) goes as U+FFFD, as a browser sends it. */
export function encodeSegment(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

function pathValue(value: unknown): string {
  return encodeSegment(typeof value === 'string' ? value : JSON.stringify(value ?? ''));
}

function queryValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(queryValues);
  if (value === null || value === undefined) return [''];
  return [typeof value === 'string' ? value : JSON.stringify(value)];
}

function multipart(body: unknown, schema: Schema | undefined): { payload: Buffer; contentType: string } {
  const boundary = `----fuzz${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  const properties = (schema?.properties ?? {}) as Record<string, Schema>;
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    const isFile = isFileField(properties[name]);
    const disposition = `form-data; name="${name}"${isFile ? `; filename="${name}.bin"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${isFile ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`;
    const data = Buffer.isBuffer(value) ? value : Buffer.from(queryValues(value).join(','));
    parts.push(Buffer.from(head), data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The parts written out as a client would send them. */
export function writeRequest(parts: RequestParts): WrittenRequest {
  const path = parts.operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) =>
    name in parts.rawPath ? parts.rawPath[name]! : pathValue(parts.path[name]),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parts.query)) {
    if (value === undefined) continue;
    for (const text of queryValues(value)) search.append(name, text);
  }
  const query = [search.toString(), parts.rawQuery].filter(Boolean).join('&');
  const headers = { ...parts.headers };
  let payload: string | Buffer | undefined;
  if (parts.mediaType !== null) {
    headers['content-type'] ??= parts.mediaType;
    if (Buffer.isBuffer(parts.body) || typeof parts.body === 'string') {
      payload = parts.body; // a body written by hand (hostile shapes)
    } else if (parts.mediaType.includes('json')) {
      payload = parts.body === undefined ? '' : JSON.stringify(parts.body);
    } else if (parts.mediaType === 'application/x-www-form-urlencoded') {
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries((parts.body ?? {}) as Record<string, unknown>)) {
        for (const text of queryValues(value)) form.append(name, text);
      }
      payload = form.toString();
    } else if (parts.mediaType.startsWith('multipart/')) {
      const written = multipart(parts.body, parts.operation.body?.content.get(parts.mediaType));
      payload = written.payload;
      headers['content-type'] = written.contentType;
    } else {
      payload = Buffer.from(queryValues(parts.body).join(''));
    }
  }
  return {
    label: parts.label,
    method: parts.method,
    url: query ? `${path}?${query}` : path,
    headers,
    payload,
    auth: parts.auth,
  };
}
