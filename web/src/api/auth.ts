import { api, unwrap } from './client';

/** Staff sign-in (POST /api/auth/login): the access token and the user. */
export function signIn(email: string, password: string) {
  return unwrap(api.POST('/api/auth/login', { body: { email, password } }));
}
