import type { Transaction } from 'kysely';
import type { DB } from '../../db/types.js';

/*
 * Twilio signs an inbound message's URL and fields but no time, so a captured signed request
 * stays valid: replayed after the client's STOP, an old START would give consent back that the
 * client withdrew. Each message is acted on once, by its MessageSid: the table's primary key
 * decides, so two copies arriving at once cannot both pass. The ids are kept
 * INBOUND_SMS_ID_RETENTION_DAYS (jobs/maintenance.ts prunes them): long past any retry of
 * Twilio's, and a replay after that still meets Twilio's own block of the number it keeps since
 * the STOP.
 */

/** True the first time `messageSid` is seen (it is now recorded, with `trx`); false on a repeat. */
export async function claimInboundMessage(trx: Transaction<DB>, messageSid: string, now: Date): Promise<boolean> {
  const inserted = await trx
    .insertInto('sms_inbound_messages')
    .values({ message_sid: messageSid, received_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('message_sid').doNothing())
    .returning('message_sid')
    .executeTakeFirst();
  return inserted !== undefined;
}
