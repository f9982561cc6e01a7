import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.gen';

export type Schemas = components['schemas'];
export type ErrorBody = Schemas['Error'];

/** A non-2xx answer of the service, with its error body (a stable `code`, a message, field details). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.error ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
  get code(): string | undefined {
    return this.body?.code;
  }
}

/** The one client of the service's API: same origin, types generated from its OpenAPI document. */
export const api = createClient<paths>({ baseUrl: '' });

let accessToken: string | null = null;
let clientToken: string | null = null;

/**
 * The back office's access token (session.ts), kept in memory only (never in storage a script
 * of another page could read).
 */
export function setAccessToken(token: string | null): void {
  accessToken = token;
}

/** The signed-in client's token (client-session.ts), in memory only as well. */
export function setClientToken(token: string | null): void {
  clientToken = token;
}

/**
 * Each request carries the token of the side it speaks to: the booking page's endpoints
 * (`/api/public/*`) the client's, every other one the staff member's. The service refuses a
 * staff token where it reads a client's (and the other way round), so the two never cross.
 */
const authMiddleware: Middleware = {
  onRequest({ request }) {
    const token = new URL(request.url).pathname.startsWith('/api/public/') ? clientToken : accessToken;
    if (token && !request.headers.has('Authorization')) {
      request.headers.set('Authorization', `Bearer ${token}`);
    }
    return request;
  },
};
api.use(authMiddleware);

/**
 * The data of an openapi-fetch answer, or an ApiError thrown with its body, so TanStack
 * Query sees failures as errors.
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) {
    const body = error && typeof error === 'object' && 'code' in error ? (error as ErrorBody) : null;
    throw new ApiError(response.status, body);
  }
  return data;
}
