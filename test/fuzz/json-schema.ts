/**
 * OpenAPI schema objects as plain JSON Schema (2020-12), the one language that both the
 * value generator (json-schema-faker) and the answer validator (ajv) read. An OpenAPI 3.1
 * document already speaks it; 3.0 has its own dialect: `nullable`, boolean
 * `exclusiveMinimum`/`exclusiveMaximum`, a single `example`.
 */

export type Schema = Record<string, unknown>;

/** Keywords whose value is one subschema. */
const ONE_SCHEMA = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
];
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas (the names are data, not keywords). */
const SCHEMA_MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `schema` with each of its direct subschemas passed through `map`; the rest as it is. */
function mapSubschemas(schema: Schema, map: (subschema: unknown) => unknown): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ONE_SCHEMA.includes(key) && (isObject(value) || typeof value === 'boolean')) {
      out[key] = map(value);
    } else if (SCHEMA_LIST.includes(key) && Array.isArray(value)) {
      out[key] = value.map(map);
    } else if (SCHEMA_MAP.includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, map(item)]));
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * `schema` in JSON Schema 2020-12. A `$ref` still present (swagger-parser leaves circular
 * ones in place) becomes `{}`: the generator then makes any value there and the validator
 * accepts any, which loosens the check at that one spot rather than crash on a cycle.
 */
export function toJsonSchema(schema: unknown, openapi30: boolean): Schema {
  if (schema === true || schema === undefined) return {};
  if (schema === false) return { not: {} };
  if (!isObject(schema) || typeof schema.$ref === 'string') return {};
  const out = mapSubschemas(schema, (subschema) => toJsonSchema(subschema, openapi30));
  if (!openapi30) return out;
  // 3.0: `example` is one value; JSON Schema's `examples` is a list.
  if ('example' in out) {
    if (!Array.isArray(out.examples)) out.examples = [out.example];
    delete out.example;
  }
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[exclusive] !== 'boolean') continue;
    if (out[exclusive] === true && typeof out[bound] === 'number') {
      out[exclusive] = out[bound];
      delete out[bound];
    } else {
      delete out[exclusive];
    }
  }
  if (out.nullable === true) {
    delete out.nullable;
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
    if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
    if (Array.isArray(out.type)) return { ...out, type: [...(out.type as string[]), 'null'] };
    return { anyOf: [out, { type: 'null' }] };
  }
  delete out.nullable;
  return out;
}

/** Longest text and longest list the generator makes where the schema allows more (it must allow at least the minimum). */
const MODEST_LENGTH = 120;
const MODEST_ITEMS = 4;

/**
 * `schema` with its upper bounds on text length and list size brought down to modest ones
 * (never below a minimum): values at a 100,000-character limit cost seconds to render and
 * find nothing that a 120-character one does not; lengths past the limits are the hostile
 * shapes' business.
 */
export function withModestSizes(schema: Schema): Schema {
  const out = mapSubschemas(schema, (subschema) => (isObject(subschema) ? withModestSizes(subschema) : subschema));
  const cap = (max: string, min: string, modest: number) => {
    const floor = typeof out[min] === 'number' ? out[min] : 0;
    const limit = typeof out[max] === 'number' ? out[max] : Infinity;
    out[max] = Math.min(limit, Math.max(floor, modest));
  };
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string') || 'maxLength' in schema) cap('maxLength', 'minLength', MODEST_LENGTH);
  if (types.includes('array') || 'maxItems' in schema) cap('maxItems', 'minItems', MODEST_ITEMS);
  return out;
}
