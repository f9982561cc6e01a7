import type { AppContext } from '../context.js';
import type { JobHandler } from '../jobs/types.js';
import { createPushProviders, type PushProviders } from './providers.js';

/**
 * Delivers one push to one device. A token the provider calls dead is removed, so the next
 * notification does not try it again; a passing failure is thrown, and the queue retries it
 * with backoff. A device whose platform has no provider configured is skipped, its token kept.
 */
export function sendPushJob(ctx: AppContext, providers: PushProviders = createPushProviders(ctx.config.push)) {
  const handler: JobHandler<'push.send'> = async ({ deviceId, userId, message }, job) => {
    const device = await ctx.db
      .selectFrom('device_tokens')
      .select(['id', 'token', 'platform'])
      .where('id', '=', deviceId)
      // A token re-registered by another user since (POST /auth/device reassigns it) must
      // not receive this user's notification.
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!device) return;
    const provider = providers[device.platform];
    if (!provider) {
      job.log.debug({ platform: device.platform }, 'push skipped: no provider configured for this platform');
      return;
    }
    const outcome = await provider.send(device.token, message);
    switch (outcome.kind) {
      case 'delivered':
        return;
      case 'dead':
        await ctx.db
          .deleteFrom('device_tokens')
          .where('id', '=', device.id)
          .where('token', '=', device.token)
          .execute();
        job.log.info(
          { provider: provider.name, reason: outcome.reason },
          'push token removed: the provider reports it dead',
        );
        return;
      case 'rejected':
        job.log.warn({ provider: provider.name, reason: outcome.reason }, 'push rejected by the provider');
        return;
      case 'retry':
        throw new Error(`${provider.name}: ${outcome.reason}`);
    }
  };
  return handler;
}
