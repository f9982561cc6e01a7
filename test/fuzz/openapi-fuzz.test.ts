import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/database.js';
import { protectiveHeaders } from './answer-checks.js';
import { BOOKING_PAGE_ORIGIN, fuzzService, type FuzzTokens } from './fuzz-run.js';
import { keepConnectionsOnLoopback } from './loopback-only.js';
import { readServiceDocument, type ServiceDocument } from './openapi-operations.js';
import { seedSalon } from './seed-salon.js';

// test-weight: 100 (for the test runner's groups: its requests, not its size, make its time)

/** The run's fast-check seed: fixed so that a run is repeatable; FUZZ_SEED tries others. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_161_116);
/**
 * Valid and invalid requests per operation, each: FUZZ_RUNS=50 for a long hunt. Each engine draws
 * its own (the seed differs per engine, see `seedOf`), so CI's two passes send 8 of each per
 * operation between them, while the hostile shapes, where the engines differ most (numbers past
 * a 32-bit integer, NUL and lone surrogates in a text), are sent to each engine whole.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
/** The seed an engine's run draws from: FUZZ_SEED for SQLite, the next one for PostgreSQL. */
const seedOf = (dialect: string) => SEED + (dialect === 'sqlite' ? 0 : 1);
/**
 * An answer this late is a hang, not a slow answer: the longest honest request (a weekly series
 * of 104 bookings, each in its own savepoint) takes about 1 s on PostgreSQL on a quiet machine,
 * and took over 10 s once when both engines' suites ran at once (a load of 19 on two cores,
 * the whole fuzz 17 times slower than alone). Speed is the bench's to judge, never this test's.
 */
const HANG_MS = 30_000;

for (const dialect of DIALECTS) {
  describe(`the service's own OpenAPI document, fuzzed (${dialect})`, () => {
    let t: TestApp;
    let document: ServiceDocument;
    let tokens: FuzzTokens;
    let liftGuard: () => void;
    let expectedHeaders: string[];
    let crossOriginHeaders: string[];

    before(async () => {
      liftGuard = keepConnectionsOnLoopback();
      t = await createTestApp(dialect, {
        // The payment providers' APIs on a loopback port where nothing listens: a fuzzed
        // payment reaches no one and must come back as a clear error.
        config: {
          paymentApiUrls: {
            cardpay: 'http://127.0.0.1:9',
            onlinepay: 'http://127.0.0.1:9',
            checkout: 'http://127.0.0.1:9',
          },
        },
      });
      tokens = await seedSalon(t);
      const served = await t.app.inject({
        method: 'GET',
        url: '/api/openapi.json',
        headers: { origin: BOOKING_PAGE_ORIGIN },
      });
      document = await readServiceDocument(served.json());
      expectedHeaders = protectiveHeaders(served.headers);
      const bookingPageAnswer = await t.app.inject({
        method: 'GET',
        url: '/api/public/salon-info',
        headers: { origin: BOOKING_PAGE_ORIGIN },
      });
      crossOriginHeaders = protectiveHeaders(bookingPageAnswer.headers);
    });
    after(async () => {
      await t?.close();
      liftGuard?.();
    });

    it('answers every request generated from the document without a 5xx or a hang, every error in the error body with X-Request-Id, every answer as documented for its status', async (context) => {
      assert.ok(Number.isInteger(SEED) && Number.isInteger(RUNS) && RUNS > 0, 'FUZZ_SEED and FUZZ_RUNS are integers');
      const started = performance.now();
      const outcome = await fuzzService(t, document, tokens, {
        seed: seedOf(dialect),
        runs: RUNS,
        hangMs: HANG_MS,
        expectedHeaders,
        crossOriginHeaders,
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      context.diagnostic(
        `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}: ${outcome.requests} requests to ${outcome.operations} operations ` +
          `(OpenAPI ${document.version}) in ${seconds} s; answers ${[...outcome.statuses].map(([k, v]) => `${k} ${v}`).join(', ')}; ` +
          `${outcome.operations - outcome.neverSucceeded.length} operations answered 2xx at least once`,
      );
      context.diagnostic(`never 2xx (got no further than validation or state): ${outcome.neverSucceeded.join(', ')}`);
      assert.ok(outcome.operations > 0, 'the document lists operations');
      assert.ok(
        expectedHeaders.length > 0,
        `an ordinary answer carries protective headers: ${expectedHeaders.join(', ')}`,
      );
      assert.ok(
        crossOriginHeaders.includes('access-control-allow-origin'),
        `an answer of the booking page's API carries the CORS headers: ${crossOriginHeaders.join(', ')}`,
      );
      if (!outcome.report.isEmpty) {
        // The whole report goes to a file: on a bad day it runs to thousands of lines.
        const file = join(tmpdir(), `salon-fuzz-${dialect}-${SEED}.txt`);
        writeFileSync(file, outcome.report.details());
        assert.fail(
          `${outcome.report.failedRequests} answers of ${outcome.requests} broke a rule (FUZZ_SEED=${SEED}; every reproducer in ${file}):\n` +
            `${outcome.report.summary()}\n${outcome.report.details(150)}`,
        );
      }
    });
  });
}
