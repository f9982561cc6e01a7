import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import type { AuthClient } from '../../http/auth.js';
import { countInWindow } from '../../http/rate-limit.js';
import { tooManyRequests } from '../../lib/errors.js';
import { NEW_CLIENT_BOOKINGS_PER_DAY, networkOf } from './limits.js';

/**
 * Whether a booking from the booking page is by a client the salon has never seen: nobody
 * signed in, and an email no client has.
 */
export async function isStranger(executor: Executor, client: AuthClient | null, email: string): Promise<boolean> {
  if (client) return false;
  const known = await executor
    .selectFrom('clients')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return !known;
}

/**
 * Counts a stranger's booking against its network's daily allowance (limits.ts): over it, 429
 * with Retry-After, as the other limits answer. The salon's known clients are never counted.
 */
export async function limitNewClientBookings(
  ctx: AppContext,
  ip: string,
  client: AuthClient | null,
  email: string,
): Promise<void> {
  if (!(await isStranger(ctx.db, client, email))) return;
  const { max, windowMs } = NEW_CLIENT_BOOKINGS_PER_DAY;
  const { count, retryAfterSeconds } = await countInWindow(ctx.db, `public:new-client:ip:${networkOf(ip)}`, windowMs);
  if (count > max) throw tooManyRequests(retryAfterSeconds);
}
