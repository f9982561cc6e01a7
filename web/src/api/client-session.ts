import { useSyncExternalStore } from 'react';
import { api, setClientToken, unwrap, type Schemas } from './client';

type ClientWebSession = Schemas['ClientWebSession'];
export type SignedInClient = ClientWebSession['client'];

/**
 * The signed-in client on the public pages, like the back office's session (session.ts): the
 * client token lives in memory only (client.ts); the session itself is the service's httpOnly
 * cookie, so a page load asks the service for a new token instead of reading one from storage,
 * and a timer refreshes it a minute before it expires. Signing in and out: client-auth.ts.
 */
export type ClientSessionState =
  { status: 'unknown' } | { status: 'signed-out' } | { status: 'signed-in'; client: SignedInClient };

let state: ClientSessionState = { status: 'unknown' };
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
/** Counts the changes of session, so a refresh answered after a sign-in (or out) is not taken for the latest. */
let generation = 0;

function publish(next: ClientSessionState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

/** The session the service answered (a sign-in or a refresh): its token in memory, its refresh planned. */
export function startClientSession(session: ClientWebSession): SignedInClient {
  generation += 1;
  setClientToken(session.clientToken);
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void restoreClientSession(), Math.max(10, session.expires_in - 60) * 1000);
  publish({ status: 'signed-in', client: session.client });
  return session.client;
}

export function endClientSession(): void {
  generation += 1;
  setClientToken(null);
  clearTimeout(refreshTimer);
  publish({ status: 'signed-out' });
}

/**
 * The service sets a page-readable flag (`salon_client_signed_in`, nothing secret) with the
 * session cookie: without it there is no session to refresh, and a visitor who never signed
 * in costs no request (nor a 401 in the console).
 */
function hasSessionFlag(): boolean {
  try {
    return document.cookie.split('; ').includes('salon_client_signed_in=1');
  } catch {
    // Cookies blocked (a sandboxed frame): no session either.
    return false;
  }
}

/** Asks the service for a token when this browser has a session; signed out otherwise. */
export async function restoreClientSession(): Promise<void> {
  if (!hasSessionFlag()) {
    endClientSession();
    return;
  }
  const asked = generation;
  try {
    const session = await unwrap(api.POST('/api/public/web-session/refresh'));
    if (generation === asked) startClientSession(session);
  } catch {
    // The session ended (401, which also clears the flag), or the service is unreachable.
    if (generation === asked) endClientSession();
  }
}

/** The name shown changed (the profile): the session's copy follows. */
export function renameSignedInClient(name: string): void {
  if (state.status === 'signed-in') publish({ status: 'signed-in', client: { ...state.client, name } });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useClientSession(): ClientSessionState {
  return useSyncExternalStore(subscribe, () => state);
}
