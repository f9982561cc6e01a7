import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { API_TYPES_FILE, generateApiTypes } from '../build/api-types.js';

// test-weight: 80 (for the test runner's groups: it generates the whole OpenAPI document and its types)

describe('web API types', () => {
  it("web/src/api/schema.gen.ts is what the service's OpenAPI document generates (npm run web:api)", async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    const fresh = await generateApiTypes();
    assert.ok(committed === fresh, 'web/src/api/schema.gen.ts is stale: run `npm run web:api` and commit the result');
  });
});
