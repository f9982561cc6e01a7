import type { WrittenRequest } from './request-parts.js';

interface Example {
  where: string;
  count: number;
  /** The shortest request that showed it: the easiest one to replay by hand. */
  request: WrittenRequest;
  answer: string;
}

/** What breaks a client most comes first: crashes and hangs, then wrong routes, then the error body, then the document. */
const SEVERITY = [
  /a server error|a hang|request failed/,
  /unknown route/,
  /X-Request-Id|headers every answer/,
  /error body/,
  /breaks its documented schema|not the JSON/,
  /./,
];
const severity = (problem: string) => SEVERITY.findIndex((pattern) => pattern.test(problem));

const size = (request: WrittenRequest) => request.url.length + (request.payload?.length ?? 0);

function shown(payload: string | Buffer | undefined): string {
  if (payload === undefined) return 'no body';
  const text = Buffer.isBuffer(payload) ? payload.toString('latin1') : payload;
  const escaped = JSON.stringify(text).slice(1, -1);
  return escaped.length <= 200 ? `body '${escaped}'` : `body '${escaped.slice(0, 120)}…' (${text.length} characters)`;
}

/**
 * Failures grouped by what went wrong (the problem: a status and the rule it broke), and
 * within each by where (the operation, or the path of an unknown route), each with its
 * count and its smallest reproducer.
 */
export class FailureReport {
  private readonly problems = new Map<string, Map<string, Example>>();
  failedRequests = 0;

  add(where: string, problem: string, request: WrittenRequest, answer: string): void {
    this.failedRequests += 1;
    let places = this.problems.get(problem);
    if (!places) this.problems.set(problem, (places = new Map()));
    const example = places.get(where);
    if (!example) {
      places.set(where, { where, count: 1, request, answer });
      return;
    }
    example.count += 1;
    if (size(request) < size(example.request)) {
      example.request = request;
      example.answer = answer;
    }
  }

  get isEmpty(): boolean {
    return this.problems.size === 0;
  }

  private sorted(): Array<[string, Example[]]> {
    return [...this.problems]
      .map(([problem, places]): [string, Example[]] => [
        problem,
        [...places.values()].sort((a, b) => a.where.localeCompare(b.where)),
      ])
      .sort(([a], [b]) => severity(a) - severity(b) || a.localeCompare(b));
  }

  /** One line per problem: how many requests, in how many places. */
  summary(): string {
    return this.sorted()
      .map(([problem, places]) => {
        const count = places.reduce((sum, place) => sum + place.count, 0);
        return `  ${count}× ${problem} (${places.length} ${places.length === 1 ? 'place' : 'places'})`;
      })
      .join('\n');
  }

  /** Every problem with every place and its smallest reproducer; `maxLines` cuts it short. */
  details(maxLines = Infinity): string {
    const lines: string[] = [];
    for (const [problem, places] of this.sorted()) {
      lines.push(`✗ ${problem}`);
      for (const place of places) {
        const request = place.request;
        const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
        lines.push(
          `    ${place.where} (${place.count}×) — ${request.label}`,
          `        ${request.method} ${request.url} [token: ${[request.auth, ...headers].join('; ')}] ${shown(request.payload)}`,
          `        → ${place.answer.slice(0, 200)}`,
        );
      }
    }
    if (lines.length <= maxLines) return lines.join('\n');
    return [...lines.slice(0, maxLines), `… ${lines.length - maxLines} more lines`].join('\n');
  }
}
