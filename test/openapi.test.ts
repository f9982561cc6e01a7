import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OPERATION_ID } from '../src/http/openapi.js';
import { describeProblems, redoclyLint, validatorError } from '../scripts/openapi-check.js';
import { createTestApp, setupSalon, type TestApp } from './helpers/app.js';
import { DIALECTS } from './helpers/database.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Operation {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: unknown; example?: unknown }> };
  responses?: Record<string, unknown>;
}

type Document = {
  openapi: string;
  servers?: Array<{ url: string }>;
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components?: { schemas?: Record<string, unknown> };
};

function operationsOf(document: Document): Array<{ method: string; path: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ method, path, operation: item[method] }] : [])),
  );
}

for (const dialect of DIALECTS) {
  describe(`OpenAPI document (${dialect})`, () => {
    let t: TestApp;
    let document: Document;
    let admin: { token: string };

    before(async () => {
      t = await createTestApp(dialect, { smtp: false });
      const response = await t.request({ url: '/api/openapi.json' });
      assert.equal(response.status, 200);
      document = response.body as Document;
      admin = await setupSalon(t);
    });
    after(async () => {
      if (t) await t.close();
    });

    it('is OpenAPI 3.1 and passes the OpenAPI validator (swagger-parser validate)', async () => {
      assert.match(document.openapi, /^3\.1\.\d+$/);
      assert.equal(await validatorError(document), null);
    });

    it("has zero errors under Redocly's recommended rules", async () => {
      const { errors } = await redoclyLint(document);
      assert.equal(errors.length, 0, describeProblems(errors));
    });

    it('names a server (the one it was fetched from)', () => {
      assert.deepEqual(
        document.servers?.map((server) => server.url),
        ['/'],
      );
    });

    it('every operation has a unique camelCase operationId', () => {
      const operations = operationsOf(document);
      assert.ok(operations.length > 150, `only ${operations.length} operations`);
      const seen = new Map<string, string>();
      for (const { method, path, operation } of operations) {
        const where = `${method.toUpperCase()} ${path}`;
        assert.ok(operation.operationId, `${where} has no operationId`);
        assert.match(operation.operationId, OPERATION_ID, where);
        assert.equal(seen.get(operation.operationId), undefined, `${where} reuses ${operation.operationId}`);
        seen.set(operation.operationId, where);
      }
    });

    it('every operation says who may call it: bearerAuth, or an explicit empty security list when public', () => {
      for (const { method, path, operation } of operationsOf(document)) {
        const where = `${method.toUpperCase()} ${path}`;
        assert.ok(Array.isArray(operation.security), `${where} declares no security`);
        if (operation.security.length > 0) {
          assert.deepEqual(operation.security, [{ bearerAuth: [] }], where);
          assert.ok(operation.responses?.['401'], `${where} documents its 401`);
        }
      }
    });

    it('every operation documents a 400, and every operation that reads a body its 413 and 415', () => {
      for (const { method, path, operation } of operationsOf(document)) {
        const where = `${method.toUpperCase()} ${path}`;
        assert.ok(operation.responses?.['400'], `${where} documents no 400`);
        if (method !== 'get') {
          assert.ok(operation.responses?.['413'], `${where} documents no 413`);
          assert.ok(operation.responses?.['415'], `${where} documents no 415`);
        }
        const success = Object.keys(operation.responses ?? {}).filter((status) => /^2\d\d$/.test(status));
        assert.ok(success.length > 0, `${where} documents no success answer`);
      }
    });

    it('resources are named component schemas, and each paginated list has a named page type', () => {
      const schemas = document.components?.schemas ?? {};
      for (const name of ['Error', 'Booking', 'Client', 'Service', 'Product', 'Supplier', 'PosOrder', 'ClientPage']) {
        assert.ok(schemas[name], `#/components/schemas/${name} is missing`);
      }
      assert.deepEqual(
        Object.keys(schemas).filter((name) => /^def-\d+$/.test(name)),
        [],
        'no schema is named by a counter',
      );
      const listClients = document.paths['/api/clients']?.get?.responses?.['200'];
      assert.deepEqual(listClients, {
        description: 'OK',
        content: {
          'application/json': {
            schema: {
              anyOf: [
                { type: 'array', items: { $ref: '#/components/schemas/Client' } },
                { $ref: '#/components/schemas/ClientPage' },
              ],
            },
          },
        },
      });
      // Every list that takes `page` answers a named page type.
      for (const { method, path, operation } of operationsOf(document)) {
        const parameters = (operation as { parameters?: Array<{ name: string; in: string }> }).parameters ?? [];
        if (method !== 'get' || !parameters.some((p) => p.in === 'query' && p.name === 'page')) continue;
        const text = JSON.stringify(operation.responses?.['200']);
        assert.match(text, /#\/components\/schemas\/\w+Page"/, `GET ${path} answers no named page type`);
      }
    });

    it('campaign blocks are a oneOf discriminated by type, each type with the required fields the server enforces', () => {
      const schemas = (document.components?.schemas ?? {}) as Record<
        string,
        { oneOf?: unknown[]; discriminator?: { propertyName: string }; required?: string[] }
      >;
      assert.deepEqual(schemas.Block?.discriminator, { propertyName: 'type' });
      assert.equal(schemas.Block?.oneOf?.length, 8);
      assert.deepEqual(schemas.LeafBlock?.discriminator, { propertyName: 'type' });
      const required = (name: string) => [...(schemas[name]?.required ?? [])].sort();
      assert.deepEqual(required('HeadingBlock'), ['text', 'type']);
      assert.deepEqual(required('TextBlock'), ['text', 'type']);
      assert.deepEqual(required('ImageBlock'), ['src', 'type']);
      assert.deepEqual(required('ButtonBlock'), ['href', 'label', 'type']);
      assert.deepEqual(required('ColumnsBlock'), ['columns', 'type']);
      assert.deepEqual(required('FooterBlock'), ['type']);
    });

    it('every request-body example in the document is accepted by the server (not refused as invalid)', async () => {
      let sent = 0;
      for (const { method, path, operation } of operationsOf(document)) {
        const example = operation.requestBody?.content?.['application/json']?.example;
        if (example === undefined) continue;
        sent += 1;
        const response = await t.request({
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, '1'),
          // A staff token where the operation wants one; none on the public ones.
          ...(operation.security?.length ? { token: admin.token } : {}),
          payload: example as object,
        });
        const where = `${method.toUpperCase()} ${path}: ${response.status} ${JSON.stringify(response.body)}`;
        // An unknown id (404), a taken slot or name (409) or a rule about the salon's own data
        // (a 400 with its own code) is the data's doing; a refusal of the example's shape is not.
        assert.ok(response.status < 500, where);
        assert.ok(![413, 415].includes(response.status), where);
        if (response.status === 400) {
          assert.ok(!['validation_failed', 'invalid_json', 'bad_request'].includes(response.body.code), where);
        }
      }
      assert.ok(sent >= 10, `only ${sent} operations show a request-body example`);
    });
  });
}
