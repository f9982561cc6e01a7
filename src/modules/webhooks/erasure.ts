import type { Executor } from '../../db/executor.js';

/*
 * A client's erasure reaches the webhook events kept for the delivery log: the body of every
 * event about the client is cut down to its id (as client.erased itself carries), and the
 * words of their reviews go, as they go from the reviews. Bookings and orders carry only the
 * client's id already. A delivery still pending then sends the cut-down body: the receiver
 * must not learn what was erased.
 */
export async function eraseClientFromWebhooks(trx: Executor, clientId: number): Promise<void> {
  const reviews = await trx.selectFrom('reviews').select('id').where('client_id', '=', clientId).execute();
  const keys = [`client:${clientId}`, ...reviews.map((review) => `review:${review.id}`)];
  const events = await trx
    .selectFrom('webhook_events')
    .select(['id', 'payload'])
    .where('resource_key', 'in', keys)
    .execute();
  for (const event of events) {
    const body = JSON.parse(event.payload) as { type: string; timestamp: string; data: Record<string, unknown> };
    const data = body.type.startsWith('client.') ? { id: clientId } : { ...body.data, comment: '' };
    await trx
      .updateTable('webhook_events')
      .set({ payload: JSON.stringify({ ...body, data }) })
      .where('id', '=', event.id)
      .execute();
  }
}
