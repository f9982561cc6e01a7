import { useSyncExternalStore } from 'react';
import { refreshWebSession } from './auth';
import { setAccessToken, type Schemas } from './client';

type SessionUser = Schemas['SessionUser'];
type WebSession = Schemas['WebSession'];

/**
 * The signed-in staff member. The access token lives in memory only (client.ts); the session
 * itself is the service's httpOnly cookie, so a reload asks the service for a new token
 * (restoreSession) instead of reading one from storage, and a timer refreshes the token a
 * minute before it expires.
 */
export type SessionState =
  { status: 'unknown' } | { status: 'signed-out' } | { status: 'signed-in'; user: SessionUser };

let state: SessionState = { status: 'unknown' };
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(next: SessionState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export function startSession(session: WebSession): void {
  setAccessToken(session.token);
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void restoreSession(), Math.max(10, session.expires_in - 60) * 1000);
  publish({ status: 'signed-in', user: session.user });
}

export function endSession(): void {
  setAccessToken(null);
  clearTimeout(refreshTimer);
  publish({ status: 'signed-out' });
}

/** Asks the service whether this browser has a session (its cookie); signed out when not. */
export async function restoreSession(): Promise<void> {
  try {
    startSession(await refreshWebSession());
  } catch {
    // No session (401), or the service unreachable: signed out either way.
    endSession();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, () => state);
}
