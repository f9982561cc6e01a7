/*
 * A browser session, staff or client: the service keeps the session itself in an httpOnly,
 * SameSite=Strict cookie no script can read, and answers each sign-in or refresh with a
 * short-lived token that lives here, in memory only (never in storage another page's script
 * could read). A page load asks the service for a new token (`restore`) instead of reading one
 * from storage, and a timer refreshes it a minute before it expires.
 */

import { ApiError } from './errors.js';

export type SessionState<SignedIn extends object> =
  { status: 'unknown' } | { status: 'signed-out' } | ({ status: 'signed-in' } & SignedIn);

/** What the store keeps of an answer of the service: the token, its lifetime, who is signed in. */
export interface Opened<SignedIn extends object> {
  token: string;
  expiresIn: number;
  signedIn: SignedIn;
}

export interface SessionStoreOptions<Answer, SignedIn extends object> {
  /** Asks the service for a new token with the session cookie; rejects when there is no session. */
  refresh: () => Promise<Answer>;
  read: (answer: Answer) => Opened<SignedIn>;
  /** Where requests find the token (client.ts). */
  setToken: (token: string | null) => void;
  /** Whether a refresh can succeed at all; false saves the request (no session cookie). */
  mayHaveSession?: () => boolean;
}

export interface SessionStore<Answer, SignedIn extends object> {
  getState: () => SessionState<SignedIn>;
  /** For React's useSyncExternalStore, with getState. */
  subscribe: (listener: () => void) => () => void;
  /** The session the service answered (a sign-in or a refresh): its token kept, its refresh planned. */
  start: (answer: Answer) => SignedIn;
  /** Signed out here: the token forgotten, no refresh planned. */
  end: () => void;
  /** Asks the service for a token when this browser may have a session; signed out otherwise. */
  restore: () => Promise<void>;
  /** Changes what is shown of who is signed in (a new name), while signed in. */
  update: (change: (signedIn: SignedIn) => SignedIn) => void;
}

/** The longest a refresh waits on the service's Retry-After: a page stays on "Loading" no longer. */
const MOST_RETRY_WAIT_S = 30;

/** The seconds a refusal said to wait (the Retry-After of a 429 or 503), or null. */
function retryAfterOf(error: unknown): number | null {
  return error instanceof ApiError ? error.retryAfter : null;
}

export function createSessionStore<Answer, SignedIn extends object>({
  refresh,
  read,
  setToken,
  mayHaveSession = () => true,
}: SessionStoreOptions<Answer, SignedIn>): SessionStore<Answer, SignedIn> {
  let state: SessionState<SignedIn> = { status: 'unknown' };
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  /**
   * Counts the changes of session, so that a refresh answered after a sign-in or a sign-out
   * that happened meanwhile is not taken for the latest: without it, a refresh still on its way
   * when the user signs out would sign them in again with its token.
   */
  let generation = 0;

  function publish(next: SessionState<SignedIn>): void {
    state = next;
    listeners.forEach((listener) => listener());
  }

  function start(answer: Answer): SignedIn {
    generation += 1;
    const { token, expiresIn, signedIn } = read(answer);
    setToken(token);
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => void restore(), Math.max(10, expiresIn - 60) * 1000);
    publish({ status: 'signed-in', ...signedIn });
    return signedIn;
  }

  function end(): void {
    generation += 1;
    setToken(null);
    clearTimeout(refreshTimer);
    publish({ status: 'signed-out' });
  }

  async function restore(): Promise<void> {
    if (!mayHaveSession()) {
      end();
      return;
    }
    const asked = generation;
    try {
      const answer = await refresh();
      if (generation === asked) start(answer);
    } catch (error) {
      if (generation !== asked) return;
      // Too many requests for now (429, 503 with Retry-After): the session itself is fine, so
      // nobody is sent to the sign-in page; asked again when the service says, meanwhile as
      // before (unknown on a page load, signed in with the token that still works on a renewal).
      const wait = retryAfterOf(error);
      if (wait !== null) {
        clearTimeout(refreshTimer);
        refreshTimer = setTimeout(() => void restore(), Math.min(wait, MOST_RETRY_WAIT_S) * 1000);
        return;
      }
      // No session (401), or the service unreachable: signed out.
      end();
    }
  }

  function update(change: (signedIn: SignedIn) => SignedIn): void {
    if (state.status !== 'signed-in') return;
    const { status: _status, ...signedIn } = state;
    publish({ status: 'signed-in', ...change(signedIn as unknown as SignedIn) });
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    end,
    restore,
    update,
  };
}
