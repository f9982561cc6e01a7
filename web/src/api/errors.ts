import type { components } from './schema.gen.js';

/** The service's error body: a stable `code`, a human message, and for a 400 the fields at fault. */
export type ErrorBody = components['schemas']['Error'];

/** A non-2xx answer of the service, with its error body and, on a 429, when to try again. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
    /** Seconds to wait before trying again (a 429's or 503's `Retry-After`), when the service said. */
    readonly retryAfter: number | null = null,
  ) {
    super(body?.error ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  get code(): string | undefined {
    return this.body?.code;
  }
}

/**
 * No answer at all: the connection dropped or never came up. Nothing reached the service (or
 * its answer was lost), so the page keeps what was typed and the same request may be sent again.
 */
export class ConnectionError extends Error {
  constructor(cause: unknown) {
    super('The service could not be reached', { cause });
    this.name = 'ConnectionError';
  }
}

/**
 * `Retry-After` in seconds, as the service writes it (its rate limits answer a number of
 * seconds, never the header's other form, a date). Null when absent or unreadable.
 */
export function retryAfterSeconds(header: string | null): number | null {
  return header !== null && /^\s*\d+\s*$/.test(header) ? Number(header) : null;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

/** The ApiError of an answer that is not a success; its body read from a copy, so the answer stays readable. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.clone().json();
  } catch {
    // Not JSON (a proxy's error page, an empty body): the status says enough.
  }
  return new ApiError(
    response.status,
    isErrorBody(body) ? body : null,
    retryAfterSeconds(response.headers.get('Retry-After')),
  );
}

/** The service's answer in an error a request threw; null when it did not answer (or the error is not the service's). */
export function answerOf(error: unknown): ApiError | null {
  return error instanceof ApiError ? error : null;
}

/** The service's code of a refusal (`slot_taken`, `too_late_to_cancel` …); undefined for anything else. */
export function errorCode(error: unknown): string | undefined {
  return answerOf(error)?.code;
}

/** The status the service answered with; undefined when it did not answer (or the error is not the service's). */
export function errorStatus(error: unknown): number | undefined {
  return answerOf(error)?.status;
}

/**
 * The refusals of a booking or a move that mean "that time is no longer free" (taken meanwhile,
 * no longer a start availability offers, too soon now): the page says so and asks for the
 * times again, and what was typed stays.
 */
export const SLOT_GONE: ReadonlySet<string> = new Set([
  'slot_taken',
  'resource_unavailable',
  'not_a_slot',
  'inside_lead_time',
  'slot_in_past',
]);

export function isSlotGone(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && SLOT_GONE.has(code);
}

/** The service refused the request (a 4xx other than 429): asking the same again will not help. */
export function isRefusal(error: unknown): boolean {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500 && status !== 429;
}
