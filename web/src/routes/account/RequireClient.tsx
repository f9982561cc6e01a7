import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useClientSession, type SignedInClient } from '../../api/client-session';
import { signInHref } from '../../lib/return-path';
import { Loading } from '../../ui/PageStates';

/** A page for a signed-in client: a visitor signed out goes to sign in, and comes back here afterwards. */
export function RequireClient({ children }: { children: (client: SignedInClient) => ReactNode }) {
  const session = useClientSession();
  const [path] = useLocation();
  const search = useSearch();
  if (session.status === 'unknown') return <Loading />;
  if (session.status === 'signed-out') {
    return <Redirect to={signInHref(search ? `${path}?${search}` : path)} replace />;
  }
  return children(session.client);
}
