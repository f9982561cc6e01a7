import { api, unwrap } from './client';

/*
 * A staff member's forgotten password: a link by email (valid one hour, single use), then a new
 * password with the link's token. Neither needs a session.
 */

/** Asks for a reset link. The answer is the same whether or not the email has an account. */
export function forgotPassword(email: string) {
  return unwrap(api.POST('/api/auth/forgot-password', { body: { email } }));
}

/** Sets the new password with the token of the reset link (400 `invalid_token` once expired or used). */
export function resetPassword(email: string, token: string, password: string) {
  return unwrap(api.POST('/api/auth/reset-password', { body: { email, token, password } }));
}
