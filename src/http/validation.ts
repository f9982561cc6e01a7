import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { FieldError } from '../lib/errors.js';
import { lazily } from './lazy-schemas.js';
import { VISIBLE_TEXT_PATTERN } from './schemas.js';

// ajv-formats ships CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

function makeAjv(coerceTypes: boolean | 'array'): Ajv {
  const ajv = new Ajv({
    // Unknown body fields are dropped before a handler sees them: no mass assignment.
    removeAdditional: 'all',
    useDefaults: true,
    coerceTypes,
    allErrors: true,
    // parentSchema on each error: lets a failed union of literals say which values it takes.
    verbose: true,
    // `oneOf` + `discriminator: { propertyName }` validates only the branch its tag names
    // (email blocks by `type`), so removeAdditional cannot strip one branch's fields while
    // trying another.
    discriminator: true,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

// A JSON body keeps its types: `"password": 12345678` is a wrong type, not a string.
// Query strings and path params are text by nature and are coerced to the schema's types.
const bodyAjv = makeAjv(false);
const textAjv = makeAjv('array');

/**
 * Each route part's ajv validator, compiled on its first request (http/lazy-schemas.ts). The
 * wrapper carries ajv's `errors` back to Fastify and says it takes ajv's data context
 * (`schemaEnv`), so a coerced or defaulted root value still reaches the request as before.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  const compiled = lazily(() => ajv.compile(schema as object));
  const validate = (data: unknown, dataContext?: Parameters<ValidateFunction>[1]) => {
    const run = compiled();
    const valid = run(data, dataContext);
    validate.errors = run.errors;
    return valid;
  };
  validate.errors = null as ErrorObject[] | null | undefined;
  validate.schemaEnv = true;
  return validate;
};

/**
 * A check of a value against a route's body schema (`'body'`) or query schema (`'text'`: text
 * coerced to the schema's types), for input that arrives other than as a route's body: an
 * imported row, a multipart form's fields. The same Ajv and the same error details as the
 * routes; null when the value passes (coerced, with defaults applied, in place).
 */
export function schemaCheck(schema: object, part: 'body' | 'text'): (value: unknown) => FieldError[] | null {
  // Compiled on first use, as the routes' validators are: a module that declares a check
  // costs nothing at start.
  const compiled = lazily(() => (part === 'body' ? bodyAjv : textAjv).compile(schema));
  return (value) => {
    const validate = compiled();
    return validate(value) ? null : fieldErrors(validate.errors ?? [], part === 'body' ? 'body' : 'query');
  };
}

/** Ajv's errors as `{ field, message }`, one per field. */
export function fieldErrors(errors: ErrorObject[], context: string | undefined): FieldError[] {
  const fieldOf = (error: ErrorObject) => {
    let field = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (error.keyword === 'required' || error.keyword === 'discriminator') {
      // A discriminator's error is about its tag field (`type`), reported on the object.
      const params = error.params as { missingProperty?: string; tag?: string };
      const name = error.keyword === 'required' ? params.missingProperty : params.tag;
      field = field ? `${field}.${name}` : String(name);
    }
    return field || (context ?? 'body');
  };
  // A union reports each failed branch and then itself; the union's own error says more
  // ("must be one of: a, b") than its first branch's ("must be equal to constant").
  const unions = new Map(errors.filter((e) => e.keyword === 'anyOf').map((e) => [fieldOf(e), e]));
  const seen = new Set<string>();
  const details: FieldError[] = [];
  for (const error of errors) {
    const field = fieldOf(error);
    if (seen.has(field)) continue;
    seen.add(field);
    details.push({ field, message: describe(unions.get(field) ?? error) });
  }
  return details;
}

function describe(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'minLength':
      return `must be at least ${(error.params as { limit: number }).limit} characters`;
    case 'maxLength':
      return `must be at most ${(error.params as { limit: number }).limit} characters`;
    case 'pattern':
      return (error.params as { pattern: string }).pattern === VISIBLE_TEXT_PATTERN
        ? 'must contain a visible character, not only spaces, control or invisible characters'
        : (error.message ?? 'is invalid');
    case 'format':
      return `must be a valid ${(error.params as { format: string }).format}`;
    case 'enum':
      return `must be one of: ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    case 'discriminator': {
      const branches =
        (error.parentSchema as { oneOf?: Array<{ properties?: { type?: { const?: unknown } } }> } | undefined)?.oneOf ??
        [];
      const tag = (error.params as { tag: string }).tag;
      const values = branches.map(
        (branch) => (branch.properties as Record<string, { const?: unknown }> | undefined)?.[tag]?.const,
      );
      return values.every((v) => v !== undefined)
        ? `must be one of: ${values.map(String).join(', ')}`
        : 'has an invalid value';
    }
    case 'anyOf': {
      const branches = (error.parentSchema as { anyOf?: Array<{ const?: unknown }> } | undefined)?.anyOf ?? [];
      const values = branches.map((branch) => branch.const);
      return values.length > 0 && values.every((v) => v !== undefined)
        ? `must be one of: ${values.map(String).join(', ')}`
        : 'has an invalid value';
    }
    default:
      return error.message ?? 'is invalid';
  }
}
