import { api, unwrap } from './client';

/** The unsubscribe link of a campaign email: the client receives no more campaigns. Idempotent. */
export function unsubscribe(token: string) {
  return unwrap(api.POST('/api/campaigns/unsubscribe', { body: { token } }));
}
