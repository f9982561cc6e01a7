import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api, setClientToken, unwrap, type Schemas } from './client';
import { AVAILABILITY_KEY, MY_BOOKINGS_KEY, MY_PROFILE_KEY } from './query-keys';
import { createSessionStore, type SessionState } from './session-store';

type ClientWebSession = Schemas['ClientWebSession'];
export type SignedInClient = ClientWebSession['client'];

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

/**
 * The signed-in client on the public pages (`/api/public/web-session`): the shared session
 * store (session-store.ts) with the client token that the booking page's requests carry
 * (client.ts).
 */
const clientSession = createSessionStore({
  refresh: () => unwrap(api.POST('/api/public/web-session/refresh')),
  read: (session: ClientWebSession) => ({
    token: session.clientToken,
    expiresIn: session.expires_in,
    signedIn: { client: session.client },
  }),
  setToken: setClientToken,
  mayHaveSession: hasSessionFlag,
});

export type ClientSessionState = SessionState<{ client: SignedInClient }>;

/** Asks the service for a token when this browser has a session; signed out otherwise. */
export const restoreClientSession = clientSession.restore;

/** Signs in by email and password, or by the token of a magic-link email (used up); a refusal is thrown. */
export async function signInClient(
  credentials: { email: string; password: string } | { magic_token: string },
): Promise<SignedInClient> {
  return clientSession.start(await unwrap(api.POST('/api/public/web-session', { body: credentials }))).client;
}

/** Signs out of this browser: the session ends and its cookie is cleared (signed out here even offline). */
export async function signOutClient(): Promise<void> {
  try {
    await api.DELETE('/api/public/web-session');
  } finally {
    clientSession.end();
  }
}

/** The name shown changed (the profile): the session's copy follows. */
export function renameSignedInClient(name: string): void {
  clientSession.update(({ client }) => ({ client: { ...client, name } }));
}

export function useClientSession(): ClientSessionState {
  return useSyncExternalStore(clientSession.subscribe, clientSession.getState);
}

/**
 * What the service answered for the client signed in until now: their profile and bookings,
 * and availability (a returning client's slots differ). Forgotten when someone signs in or out.
 */
export function forgetClientData(queryClient: QueryClient): void {
  for (const queryKey of [MY_PROFILE_KEY, MY_BOOKINGS_KEY, AVAILABILITY_KEY]) {
    queryClient.removeQueries({ queryKey });
  }
}
