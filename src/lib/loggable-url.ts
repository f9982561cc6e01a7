/*
 * What of a request's URL may go into the logs. Several addresses carry a credential: a
 * calendar feed's token in its path (a calendar app polls it for months), a payment
 * provider's callback token in its path, and the single-use tokens of the emails' links
 * (magic sign-in, booking actions, password reset, payment return) in the query string of
 * both the pages and the API calls behind them. Logs are read by more people, kept longer and
 * copied further than the database, so a URL is logged as its path only, with every segment
 * that holds a token masked:
 *
 * - the query string is dropped whole: it is where most links put their token, and its other
 *   values (an email address on the reset link) are no business of the logs either;
 * - a segment that a matched route names as a token parameter (`:token`) is masked;
 * - so is any segment that looks like a random token (long, URL-safe, with a digit or a
 *   capital), which covers the paths no route matched (a feed's address with a typo, a
 *   refused over-long parameter) and a future route whose parameter is named otherwise.
 *   The service's own path segments are lower-case words and short ids, never that.
 */

export const MASK = '[token]';

/** A route parameter whose name says it is a credential. */
const SECRET_PARAM = /token|secret/i;
/** base64url (or hex) of at least 16 random bytes; every token the service issues is 32. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{22,}$/;
const HAS_DIGIT_OR_CAPITAL = /[0-9A-Z]/;

function looksLikeToken(segment: string): boolean {
  return TOKEN_LIKE.test(segment) && HAS_DIGIT_OR_CAPITAL.test(segment);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The path of `url` without its query string, each token masked. `params` are the matched
 * route's parameters, when there is a route.
 */
export function loggablePath(url: string, params?: unknown): string {
  const queryAt = url.search(/[?#]/);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const secrets = new Set<string>();
  if (params && typeof params === 'object') {
    for (const [name, value] of Object.entries(params)) {
      if (SECRET_PARAM.test(name) && typeof value === 'string' && value !== '') secrets.add(value);
    }
  }
  return path
    .split('/')
    .map((segment) => {
      const plain = decoded(segment);
      return secrets.has(plain) || looksLikeToken(plain) ? MASK : segment;
    })
    .join('/');
}
