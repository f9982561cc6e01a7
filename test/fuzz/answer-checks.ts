import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { documentedResponse, type Operation } from './openapi-operations.js';
import type { Schema } from './json-schema.js';

// ajv-formats ships CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Statuses a provider outage may give, and only where the operation documents them. */
const DOCUMENTED_UPSTREAM_FAILURES = new Set([502, 503]);

const mediaTypeOf = (headers: Record<string, unknown>) =>
  (typeof headers['content-type'] === 'string' ? headers['content-type'] : '').split(';')[0]!.trim().toLowerCase();

/**
 * Headers that protect a browser or let a page on another origin read the answer: every answer
 * must carry those of an ordinary answer of its kind (the booking page's API adds the CORS ones).
 */
const PROTECTIVE_HEADER =
  /^(x-content-type-options|x-frame-options|content-security-policy|strict-transport-security|referrer-policy|cross-origin-opener-policy|access-control-allow-origin|access-control-expose-headers)$/;

/** The protective headers of one ordinary answer: what every other answer of its kind must carry too. */
export function protectiveHeaders(headers: Record<string, unknown>): string[] {
  return Object.keys(headers)
    .map((name) => name.toLowerCase())
    .filter((name) => PROTECTIVE_HEADER.test(name))
    .sort();
}

/**
 * What every answer of the service must be, from the outside: never a 5xx (a documented
 * 502/503 of an unreachable payment provider aside), an `X-Request-Id` and the protective
 * (security and CORS) headers of an ordinary answer on every answer,
 * every error in the error body `{ error, code, details? }`, every status documented for
 * its operation, and every body valid against the schema documented for that status. An
 * unknown route (`operation` null) must be a 404.
 * Returns the problems found, each a short stable phrase (the report groups by it).
 */
export class AnswerChecks {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly compiled = new WeakMap<Schema, ValidateFunction>();

  /** `expectedHeaders`: protectiveHeaders() of an ordinary answer to a request sent the same way. */
  constructor(private readonly expectedHeaders: string[]) {
    addFormats(this.ajv);
  }

  private validator(schema: Schema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  problems(operation: Operation | null, answer: Answer): string[] {
    const problems: string[] = [];
    const { status } = answer;
    if (status >= 500) {
      const documented = operation ? documentedResponse(operation, status) : undefined;
      if (!(DOCUMENTED_UPSTREAM_FAILURES.has(status) && documented)) return [`${status} (a server error)`];
    }
    if (!answer.headers['x-request-id']) problems.push(`${status} without X-Request-Id`);
    const missing = this.expectedHeaders.filter((name) => answer.headers[name] === undefined);
    if (missing.length > 0) problems.push(`${status} without the headers every answer carries (${missing.join(', ')})`);
    let json: unknown;
    const isJson = /[/+]json$/.test(mediaTypeOf(answer.headers));
    if (isJson) {
      try {
        json = JSON.parse(answer.body);
      } catch {
        problems.push(`${status} with a body that is not the JSON its Content-Type says`);
        return problems;
      }
    }
    if (status >= 400) {
      const error = json as { error?: unknown; code?: unknown; details?: unknown } | undefined;
      const isErrorBody =
        isJson &&
        typeof error === 'object' &&
        error !== null &&
        typeof error.error === 'string' &&
        error.error.length > 0 &&
        typeof error.code === 'string' &&
        /^[a-z][a-z0-9_]*$/.test(error.code) &&
        (error.details === undefined ||
          (Array.isArray(error.details) &&
            error.details.every(
              (d: any) =>
                typeof d === 'object' && d !== null && typeof d.field === 'string' && typeof d.message === 'string',
            )));
      if (!isErrorBody) problems.push(`${status} not in the error body { error, code }`);
    }
    if (operation === null) {
      if (status !== 404) problems.push(`${status} for an unknown route (must be 404)`);
      return problems;
    }
    const documented = documentedResponse(operation, status);
    if (!documented) {
      problems.push(`${status} not documented for the operation`);
      return problems;
    }
    if (answer.body.length === 0) return problems;
    const type = mediaTypeOf(answer.headers);
    if (!documented.content || documented.content.size === 0) {
      problems.push(`${status} has a body (${type || 'no Content-Type'}) where the document promises none`);
      return problems;
    }
    const schema =
      documented.content.get(type) ??
      [...documented.content].find(
        ([documentedType]) => documentedType === '*/*' || documentedType === `${type.split('/')[0]}/*`,
      )?.[1];
    if (!schema) {
      problems.push(`${status} sends ${type || 'no Content-Type'}, not a documented media type`);
      return problems;
    }
    if (isJson) {
      const validate = this.validator(schema);
      if (!validate(json)) {
        const first = validate.errors?.[0];
        problems.push(
          `${status} body breaks its documented schema: ${first?.instancePath.replace(/\/\d+/g, '/N') || '(root)'} ${first?.message}`,
        );
      }
    }
    return problems;
  }
}
