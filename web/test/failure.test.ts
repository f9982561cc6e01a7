import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiErrorOf, ApiError, ConnectionError, isRefusal, isSlotGone, retryAfterSeconds } from '../src/api/errors.js';
import { failureMessage, fieldErrors, readFailure, type FailureWords } from '../src/ui/failure.js';

/*
 * How a request's failure reaches the page: the fields at fault from a 400's details, one
 * message for the rest (codes to catalogue keys, 409 rules by the API's names, 429 with when
 * to try again, a lost connection).
 */

const WORDS: FailureWords<string> = {
  invalid: 'invalid',
  tooMany: 'tooMany',
  tooManySeconds: 'tooManySeconds',
  tooManyMinutes: 'tooManyMinutes',
  offline: 'offline',
  failed: 'failed',
  refused: 'refused',
  codes: { too_late_to_cancel: 'code.too_late_to_cancel', invalid_credentials: 'code.invalid_credentials' },
};

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  apiErrorOf(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }),
  );

describe("a request's failure as the page tells it", () => {
  it("a 400's details go on their fields, and the alert says to look at them", async () => {
    const error = await answer(400, {
      error: 'Invalid',
      code: 'validation_error',
      details: [
        { field: 'client_email', message: 'must be an email' },
        { field: 'client_name', message: 'is required' },
      ],
    });
    assert.deepEqual(fieldErrors(error), { client_email: 'must be an email', client_name: 'is required' });
    assert.equal(
      fieldErrors(error),
      fieldErrors(error),
      'the same object for the same error (React Aria keeps a cleared field cleared)',
    );
    assert.deepEqual(failureMessage(readFailure(error)!, WORDS), { key: 'invalid' });
  });

  it('a 409 rule is told by its code as the API names it; an unknown rule by the general refusal', async () => {
    const late = await answer(409, { error: 'Too late', code: 'too_late_to_cancel' });
    assert.deepEqual(readFailure(late), { kind: 'refused', status: 409, code: 'too_late_to_cancel' });
    assert.deepEqual(failureMessage(readFailure(late)!, WORDS), { key: 'code.too_late_to_cancel' });
    assert.deepEqual(fieldErrors(late), {});
    const other = await answer(409, { error: 'No', code: 'something_new' });
    assert.deepEqual(failureMessage(readFailure(other)!, WORDS), { key: 'refused' });
    assert.equal(isRefusal(other), true);
    const wrong = await answer(401, { error: 'Wrong', code: 'invalid_credentials' });
    assert.deepEqual(failureMessage(readFailure(wrong)!, WORDS), { key: 'code.invalid_credentials' });
  });

  it('429: when to try again, from Retry-After (seconds, then minutes), or without it a plain wait', async () => {
    const soon = await answer(429, { error: 'Slow down', code: 'rate_limited' }, { 'Retry-After': '42' });
    assert.deepEqual(readFailure(soon), { kind: 'tooMany', retryAfter: 42 });
    assert.deepEqual(failureMessage(readFailure(soon)!, WORDS), { key: 'tooManySeconds', values: { seconds: 42 } });
    const later = await answer(429, { error: 'Slow down', code: 'rate_limited' }, { 'Retry-After': '600' });
    assert.deepEqual(failureMessage(readFailure(later)!, WORDS), { key: 'tooManyMinutes', values: { minutes: 10 } });
    const unsaid = await answer(429, { error: 'Slow down', code: 'rate_limited' });
    assert.deepEqual(failureMessage(readFailure(unsaid)!, WORDS), { key: 'tooMany' });
    assert.equal(isRefusal(unsaid), false, 'too many attempts is not a refusal: later the same request may pass');
    assert.equal(retryAfterSeconds(' 7 '), 7);
    assert.equal(retryAfterSeconds('soon'), null);
    assert.equal(retryAfterSeconds(null), null);
  });

  it('a lost connection is told as such (what was typed stays), a 5xx or a body that is not the service’s as a failure', async () => {
    const offline = new ConnectionError(new TypeError('Failed to fetch'));
    assert.deepEqual(failureMessage(readFailure(offline)!, WORDS), { key: 'offline' });
    assert.deepEqual(fieldErrors(offline), {});
    const broken = await apiErrorOf(new Response('<html>Bad gateway</html>', { status: 502 }));
    assert.equal(broken.body, null);
    assert.deepEqual(failureMessage(readFailure(broken)!, WORDS), { key: 'failed' });
    assert.deepEqual(readFailure(new Error('a bug')), { kind: 'failed' });
    assert.equal(readFailure(null), null);
    assert.equal(readFailure(undefined), null);
  });

  it('a time no longer free is recognised by its codes, whichever request met it', () => {
    for (const code of ['slot_taken', 'resource_unavailable', 'not_a_slot', 'inside_lead_time', 'slot_in_past']) {
      assert.equal(isSlotGone(new ApiError(409, { code, error: code })), true, code);
    }
    assert.equal(isSlotGone(new ApiError(409, { code: 'too_late_to_move', error: 'Too late' })), false);
    assert.equal(isSlotGone(new ConnectionError(null)), false);
  });
});
