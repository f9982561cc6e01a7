import type { AppContext } from '../../context.js';
import type { JobHandler, JobHandlers } from '../../jobs/types.js';
import { sendResetLink } from './service.js';

export function forgotPasswordJob(ctx: AppContext): JobHandler<'auth.forgot_password'> {
  return async ({ email }, context) => {
    const outcome = await sendResetLink(ctx, email);
    // The address itself is not logged: it may not belong to anyone.
    context.log.info({ outcome }, 'password reset request handled');
  };
}

/** The jobs of the auth module. */
export function authJobs(ctx: AppContext): Pick<JobHandlers, 'auth.forgot_password'> {
  return { 'auth.forgot_password': forgotPasswordJob(ctx) };
}
