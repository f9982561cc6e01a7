import { useSyncExternalStore } from 'react';
import { api, setAccessToken, unwrap, type Schemas } from './client';
import { ConnectionError } from './errors';
import { eraseAgenda, keptUser } from './offline-agenda';
import { createSessionStore, type SessionState } from './session-store';
import { turnPushOff } from './web-push';

type WebSession = Schemas['WebSession'];
type SessionUser = Schemas['SessionUser'];

/**
 * The signed-in staff member of the back office (`/api/auth/web-session`): the shared session
 * store (session-store.ts) with the access token that every request but the booking page's
 * carries (client.ts).
 */
/** Whether the last refresh failed for want of a network (rather than the service saying no). */
let unreachable = false;

const staff = createSessionStore({
  refresh: async () => {
    unreachable = false;
    try {
      return await unwrap(api.POST('/api/auth/web-session/refresh'));
    } catch (error) {
      unreachable = error instanceof ConnectionError;
      throw error;
    }
  },
  read: (session: WebSession) => ({
    token: session.token,
    expiresIn: session.expires_in,
    signedIn: { user: session.user },
  }),
  setToken: setAccessToken,
});

export type StaffSession = SessionState<{ user: SessionUser; offline?: boolean }>;

/*
 * Offline (the phone's agenda kept, docs/web.md "The stylist's phone"): when the service cannot
 * be reached, the person whose agenda this browser keeps is shown as signed in, `offline`, with
 * no token (nothing can be asked of the service anyway); when the network is back the service
 * is asked again, and its answer decides. While that first check runs the session stays
 * `unknown`, so no page sends anyone to the sign-in meanwhile.
 */
let offlineUser: SessionUser | null = null;
let checking = false;
const offlineListeners = new Set<() => void>();
const announce = () => offlineListeners.forEach((listener) => listener());

function setOffline(user: SessionUser | null, stillChecking: boolean): void {
  offlineUser = user;
  checking = stillChecking;
  announce();
}

/** Asks the service whether this browser has a session (its cookie); signed out when not (or offline, see above). */
export async function restoreSession(): Promise<void> {
  setOffline(offlineUser, true);
  await staff.restore();
  // Refused for now (too many requests): the store asks again when the service says; what is
  // kept offline is decided on that answer, not erased as if the service had said no session.
  if (staff.getState().status === 'unknown') await known();
  if (staff.getState().status === 'signed-in') {
    setOffline(null, false);
    return;
  }
  if (!unreachable) {
    // The service said there is no session: what was kept for it goes.
    await eraseAgenda();
    setOffline(null, false);
    return;
  }
  const user = await keptUser();
  setOffline(user, false);
  // A moment after the browser says it is online: the connection is often not usable at once.
  if (user) window.addEventListener('online', () => setTimeout(() => void restoreSession(), 1000), { once: true });
}

/** Resolves once the store knows whether someone is signed in. */
function known(): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = staff.subscribe(() => {
      if (staff.getState().status === 'unknown') return;
      unsubscribe();
      resolve();
    });
  });
}

/** Signs in: the session cookie is set, the access token kept in memory; a refusal is thrown. */
export async function signIn(email: string, password: string): Promise<{ user: SessionUser }> {
  const signedIn = staff.start(await unwrap(api.POST('/api/auth/web-session', { body: { email, password } })));
  setOffline(null, false);
  return signedIn;
}

/**
 * Signs out of this browser: the session ends, its cookie is cleared, the kept agenda erased
 * (signed out here even offline) and the browser's push subscription unregistered and ended
 * (while the session can still say whose it is).
 */
export async function signOut(): Promise<void> {
  try {
    await eraseAgenda();
    setOffline(null, false);
    await turnPushOff();
    await api.DELETE('/api/auth/web-session');
  } finally {
    staff.end();
  }
}

/** Whether someone is signed in, outside React (the live stream asks after a 401). */
export const isSignedIn = (): boolean => staff.getState().status === 'signed-in';

/**
 * Calls `then` with the person once the service's session first becomes known, if someone is
 * signed in (never when signed out): within the store's change, before React hears of it. The
 * office's start makes its requests here, so they leave before React renders the signed-in
 * page, not after it (that render takes the main thread for as long as it lasts).
 */
export function onceSignedIn(then: (user: SessionUser) => void): void {
  const unsubscribe = staff.subscribe(() => {
    const state = staff.getState();
    if (state.status === 'unknown') return;
    unsubscribe();
    if (state.status === 'signed-in') then(state.user);
  });
}

let combined: {
  staff: SessionState<{ user: SessionUser }>;
  offline: SessionUser | null;
  checking: boolean;
  state: StaffSession;
} | null = null;

/** The service's session, else the offline one; one object per change (useSyncExternalStore compares them). */
function sessionState(): StaffSession {
  const state = staff.getState();
  if (combined && combined.staff === state && combined.offline === offlineUser && combined.checking === checking) {
    return combined.state;
  }
  const next: StaffSession =
    state.status !== 'signed-out'
      ? state
      : checking
        ? { status: 'unknown' }
        : offlineUser
          ? { status: 'signed-in', user: offlineUser, offline: true }
          : state;
  combined = { staff: state, offline: offlineUser, checking, state: next };
  return next;
}

function subscribe(listener: () => void): () => void {
  offlineListeners.add(listener);
  const unsubscribe = staff.subscribe(listener);
  return () => {
    offlineListeners.delete(listener);
    unsubscribe();
  };
}

export function useSession(): StaffSession {
  return useSyncExternalStore(subscribe, sessionState);
}
