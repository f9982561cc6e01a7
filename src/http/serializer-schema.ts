/*
 * A response schema as the serializer needs it. fast-json-stringify serializes an `anyOf` by
 * running Ajv on the value against each branch until one matches: a booking's dozen nullable
 * fields (`anyOf: [{ type: 'integer' }, { type: 'null' }]`) and its status (an `anyOf` of
 * string constants) cost ~240 validations per page of 20, a tenth of the bookings page's CPU.
 * A union of scalar branches serializes the same as a list of types (`type: ['integer',
 * 'null']`), which fast-json-stringify writes by the value's own type without validating.
 * The schema documented (OpenAPI) and validated against is untouched: only the serializer
 * sees this form.
 */

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
/**
 * Keywords that do not change how a scalar is written. Not `format`: fast-json-stringify
 * writes a Date given for a `date-time` string as ISO text, so a branch with one stays.
 */
const WRITING_NEUTRAL = new Set(['type', 'const', 'enum', 'description', 'title', 'examples', 'default']);

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The types of a union whose every branch is a plain scalar, or null when it is not one. */
function scalarTypes(branches: unknown[]): string[] | null {
  const types: string[] = [];
  for (const branch of branches) {
    if (!isObject(branch) || typeof branch.type !== 'string' || !SCALAR_TYPES.has(branch.type)) return null;
    if (Object.keys(branch).some((key) => !WRITING_NEUTRAL.has(key))) return null;
    if (!types.includes(branch.type)) types.push(branch.type);
  }
  // `integer` and `number` together are written as a number.
  if (types.includes('integer') && types.includes('number')) types.splice(types.indexOf('integer'), 1);
  return types.length > 0 ? types : null;
}

/** A copy of `schema` with every union of scalars written as a list of types. */
export function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer);
  if (!isObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = forSerializer(value);
  const branches = out.anyOf;
  if (Array.isArray(branches) && out.type === undefined) {
    const types = scalarTypes(branches);
    if (types) {
      delete out.anyOf;
      out.type = types.length === 1 ? types[0] : types;
    }
  }
  return out;
}
