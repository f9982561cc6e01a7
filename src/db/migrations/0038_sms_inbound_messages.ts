import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * The ids (Twilio's MessageSid) of inbound texts already acted on. A signed inbound request
 * stays valid forever (Twilio's signature covers the URL and the fields, not a time), so
 * whoever captured a client's START could send it again after the client's STOP; the primary
 * key makes the second arrival of one message a no-op, even when both arrive at once. Only the
 * id and when it came are kept: no number, no text.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sms_inbound_messages')
    .addColumn('message_sid', 'text', (c) => c.primaryKey())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_inbound_messages_received_at')
    .on('sms_inbound_messages')
    .column('received_at')
    .execute();
}
