import { sql, type Insertable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Email, EmailsTable } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import { outboxRows } from '../../mail/outbox.js';
import type { ReadForSend } from '../../mail/send-job.js';
import type { CampaignEmailData } from './email-template.js';

/**
 * pending → sending together with its outbox row, written in the same commit; returns that
 * row, or null when the recipient was not pending (another run has it).
 */
export async function claimRecipient(
  ctx: AppContext,
  recipientId: number,
  address: string,
  read: ReadForSend,
  data: CampaignEmailData,
): Promise<Email | null> {
  // The unsubscribe link in it acts for the client: not kept once the email is out.
  const [row] = await outboxRows(
    ctx.db,
    [{ to: address, language: read.language, template: 'campaign.email', data, sensitive: true }],
    { settings: read.settings, overrides: new Map([[read.language, read.overrides]]) },
  );
  const now = nowIso();
  if (ctx.dialect === 'postgres') return claimRecipientInOneStatement(ctx, recipientId, row!, now);
  return ctx.db.transaction().execute(async (trx) => {
    const email = await trx.insertInto('emails').values(row!).returningAll().executeTakeFirstOrThrow();
    const moved = await trx
      .updateTable('campaign_recipients')
      .set({ status: 'sending', email_id: email.id, updated_at: now })
      .where('id', '=', recipientId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (moved.numUpdatedRows === 0n) {
      await trx.deleteFrom('emails').where('id', '=', email.id).execute();
      return null;
    }
    return email;
  });
}

/**
 * claimRecipient on PostgreSQL as one statement, one round trip instead of four (BEGIN, the
 * INSERT, the UPDATE, COMMIT): the recipient's move takes the outbox row's id from the
 * table's sequence, and the row is inserted only when the move happened, so a recipient that
 * was not pending leaves no row behind. The foreign key from the recipient to the row is
 * checked at the statement's end, when both are written. Another run moving the recipient at
 * the same moment waits on its row lock and then finds it no longer pending.
 */
async function claimRecipientInOneStatement(
  ctx: AppContext,
  recipientId: number,
  row: Insertable<EmailsTable>,
  now: string,
): Promise<Email | null> {
  const email = await ctx.db
    .with('moved', (db) =>
      db
        .updateTable('campaign_recipients')
        .set({
          status: 'sending',
          email_id: sql<number>`nextval(pg_get_serial_sequence('emails', 'id'))`,
          updated_at: now,
        })
        .where('id', '=', recipientId)
        .where('status', '=', 'pending')
        .returning('email_id'),
    )
    .insertInto('emails')
    .columns(['id', 'recipient', 'subject', 'language', 'template', 'data', 'sensitive', 'status', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('moved')
        .select([
          'moved.email_id',
          sql<string>`cast(${row.recipient} as text)`.as('recipient'),
          sql<string>`cast(${row.subject} as text)`.as('subject'),
          sql<string>`cast(${row.language ?? null} as text)`.as('language'),
          sql<string>`cast(${row.template} as text)`.as('template'),
          sql<string>`cast(${row.data ?? null} as text)`.as('data'),
          sql<number>`cast(${row.sensitive ?? 0} as integer)`.as('sensitive'),
          sql<string>`cast(${row.status} as text)`.as('status'),
          sql<string>`cast(${row.created_at} as text)`.as('created_at'),
        ]),
    )
    .returningAll()
    .executeTakeFirst();
  return email ?? null;
}
