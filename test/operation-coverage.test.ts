import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { DIALECTS } from './helpers/database.js';

/*
 * No operation without a screen: every operation of the OpenAPI document that a person
 * performs is called somewhere by the web app, through its generated client. The test reads the
 * document the service serves and the calls in web/src, and fails on any operation no screen
 * calls, unless it is in FOR_MACHINES below, with its reason: operations meant for programs,
 * not people (a provider's callback, health, metrics, calendar feeds, an image address …),
 * which never get a screen. A new operation a person performs comes with its screen.
 *
 * The list cannot rot: the test fails, too, on an entry that a screen calls now (remove it) or
 * that the document no longer has (renamed or removed).
 */

/** `<method> <path>` as the document writes it, e.g. `post /api/system/jobs/{id}/retry`. */
type Operation = `${'get' | 'put' | 'post' | 'delete' | 'patch'} /api/${string}`;

const FOR_MACHINES: Readonly<Partial<Record<Operation, string>>> = {
  'post /api/auth/login':
    "the interface's bearer-token sign-in, for API clients and apps; the web app signs in with its cookie session (web-session)",
  'post /api/auth/logout': 'ends a bearer token, for API clients and apps; the web app ends its cookie session',
  'post /api/auth/refresh': 'renews a bearer token, for API clients and apps; the web app renews its cookie session',
  'get /api/health': 'for load balancers and uptime probes',
  'get /api/metrics': 'for the Prometheus scraper',
  'post /api/webhooks/sms/twilio': "the SMS provider's delivery-status callback",
  'post /api/webhooks/sms/twilio/inbound': "the SMS provider's callback for a client's reply",
  'post /api/campaigns/unsubscribe/one-click': "the mail client's one-click unsubscribe (List-Unsubscribe-Post)",
  'post /api/public/client-login':
    "the interface's client sign-in returning a bearer token, for apps; the booking page uses its cookie session",
  'get /api/public/client-verify-magic':
    "the interface's magic-link exchange for a bearer token, for apps; the booking page's link signs in through its cookie session",
  'get /api/public/services/{id}/photo':
    'an image address the API hands out (photo_url): the browser loads it as an image',
  'get /api/staff/staff/{id}/photo': 'an image address the API hands out (photo_url): the browser loads it as an image',
  'get /api/suppliers/orders/{id}/packing-slip/view/{token}':
    'an address the API hands out (packing-slip/view-link): a frame or an image loads it',
  'get /api/settings/logo': 'an image address the API hands out (logo_url): the browser and emails load it as an image',
  'post /api/payments/webhooks/checkout': "the online checkout provider's callback",
  'post /api/payments/webhooks/onlinepay/{payment_id}/{token}': "the online payment provider's callback",
  'post /api/payments/webhooks/cardpay/{payment_id}/{token}': "the card terminal provider's callback",
  'get /api/calendar-feeds/{token}/calendar.ics': "a calendar app's subscription to a staff member's feed",
  'get /api/reporting/sales-summary':
    "the interface's one total of a range, for API clients; the revenue screen reads the same sums per week or month, and their total, from sales-series in one request",
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const WEB_SOURCE = join(import.meta.dirname, '..', 'web', 'src');

/** The web app's own source files: not the generated schema, not tests or component cases. */
async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      const wanted = /\.tsx?$/.test(entry.name) && !/\.(test|cases)\.tsx?$/.test(entry.name);
      return Promise.resolve(wanted && entry.name !== 'schema.gen.ts' ? [path] : []);
    }),
  );
  return files.flat();
}

/** A path as written in a call: a literal, or a template whose `${…}` stands for one segment. */
const QUOTED = String.raw`(?:'(\/api\/[^']*)'|\x60(\/api\/[^\x60]*)\x60)`;

/**
 * Every way the app calls an operation through its generated client, as `[method, path]`:
 * - `$api.useQuery('get', '/api/…'` (and useSuspenseQuery, useInfiniteQuery, queryOptions, useMutation),
 *   the path a literal or a condition between literals (`answer === 'confirm' ? '/api/…' : '/api/…'`);
 * - `useApiMutation('put', '/api/…'` (mutation.ts: $api.useMutation with the invalidation map);
 * - `api.GET('/api/…'` … `api.PATCH(` (the openapi-fetch client, for hand-written requests);
 * - `useChange(['post', '/api/…'], …)` (mutation.ts), whose key may be chosen by a condition, so
 *   every `['method', '/api/…']` pair in its first argument counts.
 */
function callsIn(source: string): Array<[string, string]> {
  const calls: Array<[string, string]> = [];
  // The path argument runs to the next `,` or `)`: a literal, or a condition choosing between literals.
  const hook =
    /(?:\$api\.(?:useQuery|useSuspenseQuery|useInfiniteQuery|queryOptions|useMutation)|useApiMutation)\(\s*'(get|put|post|delete|patch)'\s*,([^,)]*)/g;
  for (const match of source.matchAll(hook)) {
    for (const path of match[2]!.matchAll(new RegExp(QUOTED, 'g'))) calls.push([match[1]!, (path[1] ?? path[2])!]);
  }
  const fetcher = new RegExp(String.raw`\bapi\.(GET|PUT|POST|DELETE|PATCH)\(\s*${QUOTED}`, 'g');
  for (const match of source.matchAll(fetcher)) calls.push([match[1]!.toLowerCase(), (match[2] ?? match[3])!]);
  // useChange's first argument: from the call up to its options object (the first `{` not of a `${`).
  for (const match of source.matchAll(/\buseChange(?:<[^(]*?>)?\(/g)) {
    const rest = source.slice(match.index + match[0].length);
    const end = rest.search(/(?<!\$)\{/);
    const key = end === -1 ? rest : rest.slice(0, end);
    for (const pair of key.matchAll(
      new RegExp(String.raw`\[\s*'(get|put|post|delete|patch)'\s*,\s*${QUOTED}\s*\]`, 'g'),
    )) {
      calls.push([pair[1]!, (pair[2] ?? pair[3])!]);
    }
  }
  return calls;
}

/** Whether a called path (possibly a template) names the document's path: `${x}` and `{x}` each one segment. */
function names(called: string, documented: string): boolean {
  if (!called.includes('${')) return called === documented;
  const pattern = called
    .split(/\$\{[^}]*\}/)
    .map((part) => part.replace(/[.*+?^()|[\]\\{}]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}$`).test(documented);
}

describe('no operation without a screen', () => {
  let t: TestApp;
  let documented: Operation[];
  let called: Map<Operation, string[]>;

  before(async () => {
    // The document is the same on every engine; the first configured one serves it.
    t = await createTestApp(DIALECTS[0]!, { smtp: false });
    const response = await t.request({ url: '/api/openapi.json' });
    assert.equal(response.status, 200);
    const paths = (response.body as { paths: Record<string, Record<string, unknown>> }).paths;
    documented = Object.entries(paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method] !== undefined).map((method) => `${method} ${path}` as Operation),
    );
    called = new Map();
    for (const file of await sourceFiles(WEB_SOURCE)) {
      const where = relative(WEB_SOURCE, file);
      for (const [method, path] of callsIn(await readFile(file, 'utf8'))) {
        for (const operation of documented) {
          const [docMethod, docPath] = operation.split(' ') as [string, string];
          if (docMethod === method && names(path, docPath))
            called.set(operation, [...(called.get(operation) ?? []), where]);
        }
      }
    }
  });
  after(() => t?.close());

  it('finds the calls of every call style (a scan that finds nothing would pass anything)', () => {
    assert.ok(documented.length > 100, `the document has ${documented.length} operations`);
    // One operation per call style, each known to be called that way.
    for (const operation of [
      'get /api/reviews', // $api.useQuery
      'put /api/reviews/{id}', // useApiMutation
      'post /api/auth/web-session', // api.POST
      'post /api/bookings/visits', // useChange
      'post /api/public/booking-actions/cancel', // api.POST with a template path
      'post /api/public/bookings/decline', // useApiMutation with a condition for its path
      'put /api/services/categories/{id}', // useChange with a condition for its key
    ] as const) {
      assert.ok(called.has(operation), `${operation} is found as called`);
    }
  });

  it('every operation a person performs is called by a screen; the rest is listed as for machines', () => {
    const uncovered = documented.filter((operation) => !called.has(operation) && !(operation in FOR_MACHINES));
    assert.deepEqual(uncovered, [], `operations no screen calls:\n${uncovered.join('\n')}`);
  });

  it("no entry of the machines' list is called by a screen now or missing from the document", () => {
    // Every problem at once, so that the list is cleared in one pass.
    const problems: string[] = [];
    for (const operation of Object.keys(FOR_MACHINES) as Operation[]) {
      if (!documented.includes(operation)) problems.push(`${operation} is no operation of the document`);
      if (called.has(operation)) {
        problems.push(`${operation} is called by ${called.get(operation)?.join(', ')}: remove it from the list`);
      }
      if ((FOR_MACHINES[operation] ?? '').trim().length === 0) problems.push(`${operation} has no reason`);
    }
    assert.deepEqual(problems, [], problems.join('\n'));
  });
});
