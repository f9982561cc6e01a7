import type { AppContext } from '../../context.js';
import type { JobHandler } from '../../jobs/types.js';
import { sendMagicLink } from './accounts.js';
import { bookingHoldReleaseJob } from './booking-hold.js';

export function publicJobs(ctx: AppContext): {
  'public.client_magic_link': JobHandler<'public.client_magic_link'>;
  'public.booking_hold_release': JobHandler<'public.booking_hold_release'>;
} {
  return {
    'public.booking_hold_release': bookingHoldReleaseJob(ctx),
    'public.client_magic_link': async ({ email, return_to: returnTo }, context) => {
      const outcome = await sendMagicLink(ctx, email, returnTo);
      // The address itself is not logged: it may not belong to anyone.
      context.log.info({ outcome }, 'client magic link request handled');
    },
  };
}
