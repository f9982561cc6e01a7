import SwaggerParser from '@apidevtools/swagger-parser';
import { toJsonSchema, type Schema } from './json-schema.js';

/** The HTTP methods an OpenAPI path item may hold operations for. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

export interface DocumentedResponse {
  /** Media type → schema (`{}` where the document gives the type but no schema). */
  content: Map<string, Schema> | null;
  /** Response headers the document names, lower-cased. */
  headers: string[];
}

export interface Operation {
  /** `METHOD /path/{template}`: how the report names it (the document's own operationId may be absent). */
  key: string;
  operationId: string | undefined;
  method: string;
  path: string;
  parameters: Parameter[];
  /** Media type → schema of the request body, or null when the operation takes none. */
  body: { required: boolean; content: Map<string, Schema> } | null;
  /** Status (`"200"`, `"4XX"`, `"default"`) → what the document promises. */
  responses: Map<string, DocumentedResponse>;
  /** Whether the operation asks for a bearer token (its own `security`, else the document's). */
  secured: boolean;
}

export interface ServiceDocument {
  version: string;
  operations: Operation[];
}

type Raw = Record<string, any>;

function content(raw: Raw | undefined, openapi30: boolean): Map<string, Schema> {
  return new Map(
    Object.entries(raw ?? {}).map(([mediaType, media]) => [
      mediaType.toLowerCase(),
      toJsonSchema((media as Raw).schema, openapi30),
    ]),
  );
}

/**
 * Every operation of an OpenAPI 3.0 or 3.1 document, with every `$ref` resolved (in schemas,
 * parameters, request bodies and responses) and every schema in JSON Schema 2020-12.
 */
export async function readServiceDocument(document: Raw): Promise<ServiceDocument> {
  const version = String(document.openapi ?? '');
  if (!/^3\.[01]\./.test(version)) throw new Error(`not an OpenAPI 3.0 or 3.1 document: openapi ${version}`);
  const openapi30 = version.startsWith('3.0.');
  const resolved = (await SwaggerParser.dereference(structuredClone(document) as never, {
    dereference: { circular: 'ignore' },
  })) as Raw;
  const globalSecurity = (resolved.security ?? []) as unknown[];
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries((resolved.paths ?? {}) as Record<string, Raw>)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Raw | undefined;
      if (!operation) continue;
      // Operation-level parameters override path-level ones of the same name and place.
      const byPlace = new Map<string, Raw>();
      for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])] as Raw[]) {
        byPlace.set(`${parameter.in} ${parameter.name}`, parameter);
      }
      const parameters = [...byPlace.values()].map((parameter): Parameter => ({
        name: String(parameter.name),
        in: parameter.in,
        required: parameter.in === 'path' || parameter.required === true,
        schema: toJsonSchema(parameter.schema ?? Object.values<Raw>(parameter.content ?? {})[0]?.schema, openapi30),
      }));
      const requestBody = operation.requestBody as Raw | undefined;
      const responses = new Map<string, DocumentedResponse>();
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Raw>)) {
        responses.set(status.toUpperCase() === 'DEFAULT' ? 'default' : status.toUpperCase(), {
          content: response.content ? content(response.content, openapi30) : null,
          headers: Object.keys(response.headers ?? {}).map((name) => name.toLowerCase()),
        });
      }
      const security = (operation.security ?? globalSecurity) as Raw[];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        parameters,
        body: requestBody
          ? { required: requestBody.required === true, content: content(requestBody.content, openapi30) }
          : null,
        responses,
        // An empty requirement (`{}`) among the alternatives makes the token optional.
        secured: security.length > 0 && !security.some((requirement) => Object.keys(requirement).length === 0),
      });
    }
  }
  return { version, operations };
}

/** What the document says about `status` for `operation`: its exact code, then `4XX`, then `default`. */
export function documentedResponse(operation: Operation, status: number): DocumentedResponse | undefined {
  return (
    operation.responses.get(String(status)) ??
    operation.responses.get(`${Math.floor(status / 100)}XX`) ??
    operation.responses.get('default')
  );
}
