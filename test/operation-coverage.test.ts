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
 * calls, unless it is in one of the two lists below, each entry with its reason:
 *
 * - FOR_MACHINES: operations meant for programs, not people (a provider's callback, health,
 *   metrics, calendar feeds, the embed script …): they never get a screen.
 * - SCREENS_NOT_BUILT: operations whose screen is still to be built, with the area it belongs
 *   to. Whoever builds the screen removes its entries.
 *
 * Neither list can rot: the test fails, too, on an entry that a screen calls now (remove it) or
 * that the document no longer has (renamed or removed).
 */

/** `<method> <path>` as the document writes it, e.g. `post /api/system/jobs/{id}/retry`. */
type Operation = `${'get' | 'put' | 'post' | 'delete' | 'patch'} /api/${string}`;

const FOR_MACHINES: Readonly<Partial<Record<Operation, string>>> = {
  'post /api/auth/login':
    "the interface's bearer-token sign-in, for API clients and apps; the web app signs in with its cookie session (web-session)",
  'post /api/auth/logout': 'ends a bearer token, for API clients and apps; the web app ends its cookie session',
  'post /api/auth/refresh': 'renews a bearer token, for API clients and apps; the web app renews its cookie session',
  'post /api/auth/device': 'a phone app registers its push token',
  'delete /api/auth/device': 'a phone app unregisters its push token',
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
};

const SCREENS_NOT_BUILT: Readonly<Partial<Record<Operation, string>>> = {
  'get /api/pos': 'till: the list of sales',
  'post /api/pos/{id}/void': 'till: voiding a sale',
  'get /api/pos/journal': 'till: the fiscal journal',
  'get /api/pos/journal/verify': "till: the fiscal journal's integrity check",
  'get /api/payments': 'payments: the list of card and online payments',
  'post /api/giftcards': 'offers: issuing a gift card',
  'get /api/giftcards/{id}': 'offers: a gift card read by id (the screen looks cards up by code)',
  'put /api/giftcards/{id}': 'offers: editing a gift card',
  'delete /api/giftcards/{id}': 'offers: deleting a gift card',
  'get /api/promotions/{id}': "offers: a promotion read by id (the form edits the list's row)",
  'get /api/packages/{id}': "offers: a package read by id (the form edits the list's row)",
  'post /api/waitlist': 'calendar: adding a client to the waitlist',
  'put /api/waitlist/{id}': 'calendar: editing a waitlist entry',
  'delete /api/waitlist/{id}': 'calendar: removing a waitlist entry',
  'put /api/bookings/visits/{id}': 'calendar: editing a visit of several services',
  'delete /api/bookings/visits/{id}': 'calendar: deleting a visit of several services',
  'get /api/bookings/series/{id}': 'calendar: a repeating series',
  'put /api/bookings/series/{id}': 'calendar: editing a repeating series',
  'delete /api/bookings/series/{id}': 'calendar: ending a repeating series',
  'get /api/auth/users': 'staff: the accounts list (the staff screens read /api/staff/staff)',
  'post /api/staff/staff': 'staff: adding a staff member',
  'delete /api/staff/staff/{id}': 'staff: removing a staff member',
  'put /api/staff/shifts/{id}': 'staff: editing one shift of the roster',
  'delete /api/staff/default-shifts/{staffId}': "staff: clearing a member's default week",
  'get /api/services/{id}/staff': 'services: who performs a service, read per service',
  'get /api/resources/{id}': "resources: a resource read by id (the dialog edits the list's row)",
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

  it('every operation a person performs is called by a screen; the rest is listed for machines or as screens not built yet', () => {
    const uncovered = documented.filter(
      (operation) => !called.has(operation) && !(operation in FOR_MACHINES) && !(operation in SCREENS_NOT_BUILT),
    );
    assert.deepEqual(uncovered, [], `operations no screen calls:\n${uncovered.join('\n')}`);
  });

  it('no entry of either list is called by a screen now or missing from the document', () => {
    // Every problem at once, so that whoever builds screens clears the lists in one pass.
    const problems: string[] = [];
    for (const [name, list] of [
      ['FOR_MACHINES', FOR_MACHINES],
      ['SCREENS_NOT_BUILT', SCREENS_NOT_BUILT],
    ] as const) {
      for (const operation of Object.keys(list) as Operation[]) {
        if (!documented.includes(operation)) problems.push(`${name}: ${operation} is no operation of the document`);
        if (called.has(operation)) {
          problems.push(
            `${name}: ${operation} is called by ${called.get(operation)?.join(', ')}: remove it from the list`,
          );
        }
        if ((list[operation] ?? '').trim().length === 0) problems.push(`${name}: ${operation} has no reason`);
      }
    }
    assert.deepEqual(problems, [], problems.join('\n'));
  });
});
