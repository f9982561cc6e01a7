import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { AnswerChecks } from './answer-checks.js';
import { toJsonSchema, withModestSizes } from './json-schema.js';
import type { Operation } from './openapi-operations.js';
import { RouteTable } from './route-table.js';

/** The fuzz test's own judges, checked on their own: a fuzzer that misjudges passes anything. */

function operation(method: string, path: string, responses: Operation['responses'] = new Map()): Operation {
  return {
    key: `${method} ${path}`,
    operationId: undefined,
    method,
    path,
    parameters: [],
    body: null,
    responses,
    secured: false,
  };
}

describe('fuzz test: route table', () => {
  const table = new RouteTable([
    operation('GET', '/api/clients/{id}'),
    operation('DELETE', '/api/clients/{id}'),
    operation('GET', '/api/clients/labels'),
    operation('GET', '/api/giftcards/{id}'),
    operation('GET', '/api/giftcards/code/{code}'),
    operation('POST', '/api/clients/{id}/merge'),
    operation('GET', '/api/clients/labels/{id}'),
  ]);

  it('a fixed segment wins over a templated one, whatever the method: DELETE /api/clients/labels is an unknown route', () => {
    assert.equal(table.resolve('GET', '/api/clients/labels')?.key, 'GET /api/clients/labels');
    assert.equal(table.resolve('DELETE', '/api/clients/labels'), null);
    assert.equal(table.resolve('DELETE', '/api/clients/7')?.key, 'DELETE /api/clients/{id}');
  });

  it('the start of a longer fixed path is no id either: GET /api/giftcards/code is an unknown route', () => {
    assert.equal(table.resolve('GET', '/api/giftcards/code'), null);
    assert.equal(table.resolve('GET', '/api/giftcards/code/ABC')?.key, 'GET /api/giftcards/code/{code}');
    assert.equal(table.resolve('GET', '/api/giftcards/%zz')?.key, 'GET /api/giftcards/{id}');
  });

  it('lists every documented path with a templated segment replaced by a fixed sibling', () => {
    assert.deepEqual(table.siblingPaths('1').sort(), [
      '/api/clients/labels',
      '/api/clients/labels/merge',
      '/api/giftcards/code',
    ]);
    assert.equal(table.resolve('POST', '/api/clients/labels/merge'), null);
  });
});

describe('fuzz test: OpenAPI 3.0 schemas as JSON Schema', () => {
  const ajv = new Ajv2020({ strict: false });

  it('nullable, boolean exclusive bounds and example become type lists, numeric bounds and examples', () => {
    const schema = toJsonSchema(
      {
        type: 'object',
        properties: {
          name: { type: 'string', nullable: true, example: 'Ann' },
          count: { type: 'integer', minimum: 0, exclusiveMinimum: true },
          type: { type: 'string', enum: ['a'], nullable: true },
        },
      },
      true,
    );
    const validate = ajv.compile(schema);
    assert.equal(validate({ name: null, count: 1, type: null }), true);
    assert.equal(validate({ count: 0 }), false, 'exclusive minimum 0');
    assert.deepEqual((schema.properties as any).name.examples, ['Ann']);
  });

  it('modest sizes never go below a minimum and never above a maximum', () => {
    assert.equal(withModestSizes({ type: 'string', maxLength: 100_000 }).maxLength, 120);
    assert.equal(withModestSizes({ type: 'string', minLength: 500, maxLength: 1000 }).maxLength, 500);
    assert.equal(withModestSizes({ type: 'string', maxLength: 10 }).maxLength, 10);
  });
});

describe('fuzz test: answer checks', () => {
  const documented = operation(
    'GET',
    '/api/things/{id}',
    new Map([
      ['200', { content: new Map([['application/json', { type: 'object', required: ['id'] }]]), headers: [] }],
      ['404', { content: new Map([['application/json', {}]]), headers: [] }],
    ]),
  );
  const checks = new AnswerChecks(['x-frame-options']);
  const headers = { 'x-request-id': 'r1', 'x-frame-options': 'SAMEORIGIN', 'content-type': 'application/json' };
  const error = JSON.stringify({ error: 'Not found', code: 'not_found' });

  it('accepts a documented answer', () => {
    assert.deepEqual(checks.problems(documented, { status: 200, headers, body: '{"id":1}' }), []);
    assert.deepEqual(checks.problems(documented, { status: 404, headers, body: error }), []);
  });

  it('refuses a 5xx, an undocumented status, a body off its schema, an error body off the rule, a missing header', () => {
    assert.deepEqual(checks.problems(documented, { status: 500, headers, body: error }), ['500 (a server error)']);
    assert.deepEqual(checks.problems(documented, { status: 400, headers, body: error }), [
      '400 not documented for the operation',
    ]);
    assert.match(checks.problems(documented, { status: 200, headers, body: '{}' })[0]!, /breaks its documented schema/);
    assert.deepEqual(checks.problems(documented, { status: 404, headers, body: '{"message":"x","statusCode":404}' }), [
      '404 not in the error body { error, code }',
    ]);
    assert.deepEqual(
      checks.problems(documented, { status: 404, headers: { 'content-type': 'application/json' }, body: error }),
      ['404 without X-Request-Id', '404 without the headers every answer carries (x-frame-options)'],
    );
  });

  it('an unknown route must answer 404', () => {
    assert.deepEqual(checks.problems(null, { status: 400, headers, body: error }), [
      '400 for an unknown route (must be 404)',
    ]);
    assert.deepEqual(checks.problems(null, { status: 404, headers, body: error }), []);
  });
});
