import { STATUS_CODES } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { withoutUpgradeInsecureRequests } from './security-headers.js';
import { COMPONENT_NAME, errorRef } from './schemas.js';

/*
 * The OpenAPI document is generated from the route schemas and nothing else: each route
 * declares its operationId, summary, request and response schemas; this file adds what
 * follows from the app as a whole (the statuses any route can answer) and turns the schemas
 * that carry a component name into `#/components/schemas/<name>` references.
 *
 * OpenAPI 3.1, not 3.0: its Schema Object is JSON Schema 2020-12, which is what TypeBox emits
 * and Ajv validates (`const`, `examples`, `type: 'null'`, numeric `exclusiveMinimum`), so the
 * document says exactly what the server enforces, with no lossy down-conversion.
 */
export const OPENAPI_VERSION = '3.1.0';

/** Operations whose body is optional (every field optional, and no body at all is valid too). */
const OPTIONAL_BODY_OPERATIONS = [['/api/auth/logout', 'post']] as const;

/** Methods whose request body Fastify reads: a body too large (413) or of another type (415). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** An operationId is a camelCase word: `listClients`, `getClient`, `createBooking`. */
export const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;

const COMPONENTS_PREFIX = '#/components/schemas/';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The multipart/form-data body of an upload route, for the document only: the handler
     * reads the file stream itself, so Fastify has no parsed body to validate.
     */
    multipartBody?: TSchema;
  }
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const schema = (route.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown> };
    if (schema.hide === true) return;
    // Like the auth level, the name is declared by the route itself, never made up here.
    const operationId = schema.operationId;
    if (typeof operationId !== 'string' || !OPERATION_ID.test(operationId)) {
      throw new Error(`route ${String(route.method)} ${route.url} declares no camelCase operationId`);
    }
    route.schema = schema;
    // Any route can answer 400: the NUL guard reads every query string and path, and
    // Fastify refuses a malformed URL. A route reading a body can also answer 413 (over the
    // body limit), 415 (a content type it does not parse) and 400 (JSON that does not parse).
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const readsBody = methods.some((method) => BODY_METHODS.has(method));
    schema.response = {
      ...schema.response,
      400: schema.response?.[400] ?? errorRef,
      ...(readsBody ? { 413: schema.response?.[413] ?? errorRef, 415: schema.response?.[415] ?? errorRef } : {}),
    };
  });

  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'Salon service API',
        version: '1.0.0',
        description:
          'Back office and online booking service of a hair and beauty salon. ' +
          'Errors: `{ error, code, details? }`. Datetimes `YYYY-MM-DD HH:MM:SS` in the salon time zone. ' +
          'Lists take `page` (activates pagination) and `limit` (default 50, max 200).',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the server that serves this document, whatever host and port it runs on.
      servers: [{ url: '/', description: 'The server this document was fetched from' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: ({ schema, url }) => {
      if (!schema?.multipartBody) return { schema, url };
      const { multipartBody, ...rest } = schema;
      return { schema: { ...rest, body: { content: { 'multipart/form-data': { schema: multipartBody } } } }, url };
    },
    // Schemas added with app.addSchema() are components named after their $id.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const document = documentObject.openapiObject;
      // @fastify/swagger marks every request body required; these routes also take none.
      for (const [path, method] of OPTIONAL_BODY_OPERATIONS) {
        const operation = document.paths?.[path]?.[method];
        if (operation?.requestBody && !('$ref' in operation.requestBody)) operation.requestBody.required = false;
      }
      for (const item of Object.values(document.paths ?? {})) {
        for (const operation of Object.values(item ?? {})) describeResponses(operation);
      }
      const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
      document.paths = hoistNamedSchemas(document.paths, schemas) as typeof document.paths;
      document.components = { ...document.components, schemas: sortedByKey(schemas) as never };
      return document;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: withoutUpgradeInsecureRequests,
  });

  app.get('/api/openapi.json', { config: { auth: 'none' }, schema: { hide: true } }, async () => app.swagger());
}

/** A response the route gave no description gets its status's reason phrase ("Not Found"). */
function describeResponses(operation: unknown): void {
  const responses = (operation as { responses?: Record<string, { description?: string }> } | null)?.responses;
  for (const [status, response] of Object.entries(responses ?? {})) {
    if (response.description === 'Default Response') response.description = STATUS_CODES[status] ?? 'Answer';
  }
}

/**
 * Every schema marked with a component name (see `named()` in schemas.ts) becomes a
 * `$ref` to `#/components/schemas/<name>`, the schema itself stored there once. Two
 * different schemas under one name would make the document lie about one of them: refused.
 */
function hoistNamedSchemas(node: unknown, schemas: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((item) => hoistNamedSchemas(item, schemas));
  if (node === null || typeof node !== 'object') return node;
  const { [COMPONENT_NAME]: name, ...rest } = node as Record<string, unknown>;
  const hoisted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) hoisted[key] = hoistNamedSchemas(value, schemas);
  if (typeof name !== 'string') return hoisted;
  const known = schemas[name];
  if (known === undefined) schemas[name] = hoisted;
  else if (!isDeepStrictEqual(withoutExamples(known), withoutExamples(hoisted))) {
    throw new Error(`two different schemas are both named ${name} in the OpenAPI document`);
  } else if (hasExamples(hoisted) && !hasExamples(known)) schemas[name] = hoisted;
  return { $ref: `${COMPONENTS_PREFIX}${name}` };
}

// @fastify/swagger moves the examples of a body's or response's top-level schema onto its
// media type, so the same schema arrives with or without them depending on where it is used.
function withoutExamples(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object') return schema;
  const { examples: _examples, example: _example, ...rest } = schema as Record<string, unknown>;
  return rest;
}

function hasExamples(schema: unknown): boolean {
  return schema !== null && typeof schema === 'object' && 'examples' in schema;
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
