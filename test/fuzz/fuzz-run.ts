import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { isCrossOriginPath } from '../../src/http/cross-origin.js';
import type { TestApp } from '../helpers/app.js';
import { AnswerChecks } from './answer-checks.js';
import { FailureReport } from './failure-report.js';
import { hostileParts } from './hostile-parts.js';
import { invalidParts } from './invalid-parts.js';
import type { Operation, ServiceDocument } from './openapi-operations.js';
import { validParts, writeRequest, KNOWN_IDS, type AuthChoice, type WrittenRequest } from './request-parts.js';
import { RouteTable } from './route-table.js';

export interface FuzzTokens {
  admin: string;
  staff: string;
  client: string;
}

/** Every request comes from a booking page on another origin, as a salon's embedded page would. */
export const BOOKING_PAGE_ORIGIN = 'https://booking.salon.example';

export interface FuzzOptions {
  seed: number;
  /** Valid and invalid requests per operation (each); the hostile shapes are sent once each. */
  runs: number;
  /** An answer slower than this is a hang. */
  hangMs: number;
  /** The protective headers of an ordinary answer to a request from BOOKING_PAGE_ORIGIN (AnswerChecks). */
  expectedHeaders: string[];
  /** The same for the booking page's API (/api/public), which also carries the CORS headers. */
  crossOriginHeaders: string[];
}

export interface FuzzOutcome {
  report: FailureReport;
  requests: number;
  operations: number;
  /** Answers by status class (`2xx`, `4xx` …): shows how deep the requests got. */
  statuses: Map<string, number>;
  /** Operations that never answered 2xx: where the generated requests did not get past validation or state. */
  neverSucceeded: string[];
}

/** Safe reads first and deletes last, so that what one operation creates the next can find. */
const METHOD_ORDER = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE'];
const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** One seed per operation, from the run's seed and the operation: adding an operation changes no other's requests. */
function seedFor(seed: number, key: string): number {
  return createHash('sha256').update(`${seed} ${key}`).digest().readUInt32BE(0) & 0x7fffffff;
}

class HangError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new HangError()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Walks every operation of the document and sends it valid, invalid and hostile requests,
 * then every method to the fixed segments that sit beside a templated one; checks every
 * answer (AnswerChecks) and collects what broke (FailureReport).
 */
export async function fuzzService(
  t: TestApp,
  document: ServiceDocument,
  tokens: FuzzTokens,
  options: FuzzOptions,
): Promise<FuzzOutcome> {
  const routes = new RouteTable(document.operations);
  const checks = new AnswerChecks(options.expectedHeaders);
  const crossOriginChecks = new AnswerChecks(options.crossOriginHeaders);
  const report = new FailureReport();
  const statuses = new Map<string, number>();
  const succeeded = new Set<string>();
  const operationToken = new Map<string, string | undefined>();
  let requests = 0;

  const tokenOf = (choice: AuthChoice, operation: Operation | null): string | undefined => {
    switch (choice) {
      case 'operation':
        return operation ? operationToken.get(operation.key) : tokens.admin;
      case 'none':
        return undefined;
      case 'garbage':
        return 'not.a.token';
      default:
        return tokens[choice];
    }
  };

  async function send(request: WrittenRequest, origin: Operation | null): Promise<number> {
    requests += 1;
    const token = tokenOf(request.auth, origin);
    const headers = {
      origin: BOOKING_PAGE_ORIGIN,
      ...request.headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    // Where the request really goes: a client resolves `.` and `..` segments (also written
    // `%2e%2e`) before it sends, as app.inject does.
    const sent = new URL(request.url, 'http://localhost');
    const target = routes.resolve(request.method, sent.pathname);
    const where = target?.key ?? `${request.method} ${request.url.split('?')[0]}`;
    let answer: { statusCode: number; headers: Record<string, unknown>; body: string };
    try {
      answer = await withTimeout(
        (async () => {
          // Read as a stream: an event stream (the desks' live updates) never ends by itself, so
          // its answer is judged by its status and headers, and its body is left unread.
          const streamed = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers,
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
            // Each request from its own address: the per-address rate limits are not what is tested here.
            remoteAddress: `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`,
            payloadAsStream: true,
          });
          const stream = streamed.stream();
          const chunks: Buffer[] = [];
          if (String(streamed.headers['content-type'] ?? '').startsWith('text/event-stream')) stream.destroy();
          else for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
          return {
            statusCode: streamed.statusCode,
            headers: streamed.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          };
        })(),
        options.hangMs,
      );
    } catch (error) {
      const problem =
        error instanceof HangError
          ? `no answer within ${options.hangMs} ms (a hang)`
          : `the request failed: ${String(error)}`;
      report.add(where, problem, request, '(none)');
      return 0;
    }
    const statusClass = `${Math.floor(answer.statusCode / 100)}xx`;
    statuses.set(statusClass, (statuses.get(statusClass) ?? 0) + 1);
    if (answer.statusCode < 300 && target) succeeded.add(target.key);
    const checked = isCrossOriginPath(sent.pathname) ? crossOriginChecks : checks;
    for (const problem of checked.problems(target, {
      status: answer.statusCode,
      headers: answer.headers,
      body: answer.body,
    })) {
      report.add(where, problem, request, `${answer.statusCode} ${answer.body}`);
    }
    return answer.statusCode;
  }

  /** The token that gets `operation` past its auth guard: the admin's, else a booking-page client's. */
  async function chooseToken(operation: Operation, first: WrittenRequest): Promise<void> {
    if (!operation.secured) {
      operationToken.set(operation.key, undefined);
      return;
    }
    operationToken.set(operation.key, tokens.admin);
    if ((await send(first, operation)) === 401) operationToken.set(operation.key, tokens.client);
  }

  const operations = [...document.operations].sort(
    (a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
  for (const operation of operations) {
    const seed = seedFor(options.seed, operation.key);
    const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number, offset = 0) =>
      fc.sample(arbitrary, { seed: seed + offset, numRuns });
    const valid = sample(validParts(operation), options.runs).map(writeRequest);
    await chooseToken(operation, valid[0]!);
    for (const request of valid) await send(request, operation);
    for (const parts of sample(invalidParts(operation), options.runs, 1)) await send(writeRequest(parts), operation);
    for (const [i, shape] of hostileParts(operation).entries()) {
      for (const parts of sample(shape, 1, 2 + i)) await send(writeRequest(parts), operation);
    }
  }

  // Every method on every documented path and on every fixed segment beside a templated
  // one: what the document does not list there must be an unknown route (404).
  const concretePaths = new Set([
    ...document.operations.map((operation) => operation.path.replace(/\{[^}]+\}/g, String(KNOWN_IDS[0]))),
    ...routes.siblingPaths(String(KNOWN_IDS[0])),
  ]);
  for (const path of concretePaths) {
    for (const method of ALL_METHODS) {
      const target = routes.resolve(method, path);
      if (target && target.path.replace(/\{[^}]+\}/g, String(KNOWN_IDS[0])) === path) continue; // fuzzed above
      const request: WrittenRequest = {
        label: target
          ? `${method} on a fixed segment, as ${target.key}`
          : `${method} on a path that has no such operation`,
        method,
        url: path,
        headers: method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' },
        payload: method === 'GET' || method === 'DELETE' ? undefined : '{}',
        auth: 'admin',
      };
      await send(request, target);
    }
  }

  return {
    report,
    requests,
    operations: document.operations.length,
    statuses,
    neverSucceeded: document.operations.map((o) => o.key).filter((key) => !succeeded.has(key)),
  };
}
