import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { DEFAULT_LIMIT } from '../../http/pagination.js';
import { formatInstant } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { ClientMessageOutput, ClientMessagesInput } from './messages-schemas.js';
import { findClient } from './record.js';

/*
 * The messages sent to a client, for the desk: the outboxes' entries addressed to the client's
 * current email address and phone number (an email's outbox row knows only its recipient),
 * newest first, emails and texts together. What was sent, not its content: an email's subject,
 * a text's body unless it carries a secret. An erased client has neither address left, so
 * nothing is listed for them.
 */
export async function clientMessages(
  db: Kysely<DB>,
  clientId: number,
  query: ClientMessagesInput,
): Promise<ClientMessageOutput[]> {
  const client = await findClient(db, clientId);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const [emails, texts, timezone] = await Promise.all([
    client.email
      ? db
          .selectFrom('emails')
          .select(['id', 'template', 'subject', 'status', 'created_at', 'sent_at'])
          .where('recipient', '=', client.email)
          .orderBy('id', 'desc')
          .limit(limit)
          .execute()
      : [],
    client.phone
      ? db
          .selectFrom('sms_messages')
          .select(['id', 'template', 'body', 'sensitive', 'status', 'created_at', 'sent_at'])
          .where('recipient', '=', client.phone)
          .orderBy('id', 'desc')
          .limit(limit)
          .execute()
      : [],
    readTimezone(db),
  ]);
  const all = [
    ...emails.map((row) => ({ ...row, channel: 'email' as const, text: row.subject })),
    ...texts.map((row) => ({ ...row, channel: 'sms' as const, text: row.sensitive === 1 ? null : row.body })),
  ];
  // Both outboxes store UTC instants in one form, so their text sorts by time; ties newest id first.
  all.sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1));
  return all.slice(0, limit).map((row) => ({
    channel: row.channel,
    id: row.id,
    template: row.template,
    text: row.text,
    status: row.status,
    created_at: formatInstant(row.created_at, timezone),
    sent_at: formatInstant(row.sent_at, timezone),
  }));
}
