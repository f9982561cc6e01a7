import type { Executor } from '../db/executor.js';
import { enqueue } from '../jobs/queue.js';
import type { PushMessage } from './types.js';

/**
 * Enqueues one `push.send` job per registered device of each user, in the caller's
 * transaction. One job per device, so a device that fails is retried alone and a retry
 * never repeats the push on devices that already got it.
 */
export async function queuePush(trx: Executor, userIds: readonly number[], message: PushMessage): Promise<void> {
  if (userIds.length === 0) return;
  const devices = await trx
    .selectFrom('device_tokens')
    .select(['id', 'user_id'])
    .where('user_id', 'in', userIds)
    .orderBy('id')
    .execute();
  for (const device of devices) {
    await enqueue(trx, 'push.send', { deviceId: device.id, userId: device.user_id, message });
  }
}
