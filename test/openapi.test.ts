import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OPERATION_ID } from '../src/http/openapi.js';
import { describeProblems, redoclyLint, validatorError } from '../scripts/openapi-check.js';
import { createTestApp, type TestApp } from './helpers/app.js';
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

    before(async () => {
      t = await createTestApp(dialect, { smtp: false });
      const response = await t.request({ url: '/api/openapi.json' });
      assert.equal(response.status, 200);
      document = response.body as Document;
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
  });
}
