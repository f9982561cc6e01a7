import assert from 'node:assert/strict';

interface Answer {
  status: number;
  body: any;
}

/** An error answer (docs/api.md "Errors"): this status, a non-empty message and this code. */
export function assertError(response: Answer, status: number, code: string): void {
  assert.equal(response.status, status, `status (body: ${JSON.stringify(response.body)})`);
  assert.equal(typeof response.body.error, 'string');
  assert.ok(response.body.error.length > 0);
  assert.equal(response.body.code, code);
}

/** A 400 `validation_failed` whose details name `field`. */
export function assertInvalid(response: Answer, field: string): void {
  assertError(response, 400, 'validation_failed');
  assert.ok(Array.isArray(response.body.details), 'details is an array');
  const fields = response.body.details.map((d: { field: string }) => d.field);
  assert.ok(fields.includes(field), `details name ${field}: ${JSON.stringify(response.body.details)}`);
}
