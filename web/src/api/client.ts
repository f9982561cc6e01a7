import createClient, { type Middleware } from 'openapi-fetch';
import createQueryClient from 'openapi-react-query';
import { apiErrorOf, ConnectionError } from './errors';
import type { components, paths } from './schema.gen';

export type Schemas = components['schemas'];

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

/**
 * Every failure becomes one of two errors, whoever asked (a query, a mutation, a session's
 * refresh): an ApiError for an answer that is not a success (with its body and Retry-After),
 * a ConnectionError when no answer came. A request the page itself aborted stays an AbortError.
 */
const errorMiddleware: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await apiErrorOf(response);
    return undefined;
  },
  onError({ error }) {
    if (error instanceof Error && error.name === 'AbortError') return error;
    return new ConnectionError(error);
  },
};
api.use(authMiddleware, errorMiddleware);

/**
 * Queries and mutations built from the same types: `$api.queryOptions('get', path, init)` keys
 * each query `[method, path, init]`, so invalidating `['get', path]` refreshes every variant of a
 * read; `$api.useMutation(method, path)` keys each mutation `[method, path]`, which the map of
 * invalidations (invalidations.ts) reads.
 */
export const $api = createQueryClient(api);

/**
 * The data of an openapi-fetch answer, for the hand-written requests with logic of their own
 * (the booking, availability, the sessions). Failures have already been thrown by the
 * middleware above; a success without a body (204) gives undefined.
 */
export async function unwrap<T>(call: Promise<{ data?: T }>): Promise<T> {
  return (await call).data as T;
}
