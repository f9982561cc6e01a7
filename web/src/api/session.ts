import { useSyncExternalStore } from 'react';
import { api, setAccessToken, unwrap, type Schemas } from './client';
import { createSessionStore, type SessionState } from './session-store';

type WebSession = Schemas['WebSession'];
type SessionUser = Schemas['SessionUser'];

/**
 * The signed-in staff member of the back office (`/api/auth/web-session`): the shared session
 * store (session-store.ts) with the access token that every request but the booking page's
 * carries (client.ts).
 */
const staff = createSessionStore({
  refresh: () => unwrap(api.POST('/api/auth/web-session/refresh')),
  read: (session: WebSession) => ({
    token: session.token,
    expiresIn: session.expires_in,
    signedIn: { user: session.user },
  }),
  setToken: setAccessToken,
});

export type StaffSession = SessionState<{ user: SessionUser }>;

/** Asks the service whether this browser has a session (its cookie); signed out when not. */
export const restoreSession = staff.restore;

/** Signs in: the session cookie is set, the access token kept in memory; a refusal is thrown. */
export async function signIn(email: string, password: string): Promise<{ user: SessionUser }> {
  return staff.start(await unwrap(api.POST('/api/auth/web-session', { body: { email, password } })));
}

/** Signs out of this browser: the session ends and its cookie is cleared (signed out here even offline). */
export async function signOut(): Promise<void> {
  try {
    await api.DELETE('/api/auth/web-session');
  } finally {
    staff.end();
  }
}

/** Whether someone is signed in, outside React (the live stream asks after a 401). */
export const isSignedIn = (): boolean => staff.getState().status === 'signed-in';

export function useSession(): StaffSession {
  return useSyncExternalStore(staff.subscribe, staff.getState);
}
