import { useSyncExternalStore } from 'react';
import { setAccessToken, type Schemas } from './client';

type SessionUser = Schemas['SessionUser'];

/**
 * The signed-in staff member, in memory only: the access token never reaches storage that
 * another script could read. A reload signs out until the service issues a refresh cookie.
 */
let current: SessionUser | null = null;
const listeners = new Set<() => void>();

export function startSession(token: string, user: SessionUser): void {
  setAccessToken(token);
  current = user;
  listeners.forEach((listener) => listener());
}

export function endSession(): void {
  setAccessToken(null);
  current = null;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): { user: SessionUser | null } {
  const user = useSyncExternalStore(subscribe, () => current);
  return { user };
}
