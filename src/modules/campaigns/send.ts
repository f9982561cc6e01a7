import { sql, type QueryCreator, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { CampaignStatus, RecipientStatus } from '../../db/tables/campaigns.js';
import type { DB } from '../../db/types.js';
import type { JobContext, JobHandler } from '../../jobs/types.js';
import { enqueueEach } from '../../jobs/queue.js';
import { conflict } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { readSettingsWithSecrets } from '../../db/settings.js';
import { withSettingsVersion } from '../../db/settings-cache.js';
import { readMessageOverrides } from '../../mail/message-texts.js';
import { emailDelivery, type EmailDelivery, type MarkSent, type ReadForSend } from '../../mail/send-job.js';
import { chooseLanguage, normaliseLanguage } from '../../messages/index.js';
import { notice, notifyAdmins } from '../notifications/service.js';
import { readSettings, readTimezone } from '../settings/service.js';
import type { StoredBlock } from './blocks.js';
import { claimRecipient } from './claim-recipient.js';
import { campaignLink, lockCampaign, toCampaign, type CampaignRow } from './crud.js';
import type { CampaignOutput } from './schemas.js';
import { recipientQuery, type SegmentFiltersInput } from './segments.js';
import { unsubscribeLinks } from './unsubscribe.js';

/*
 * Sending a campaign, crash-safe and exactly once per client:
 *
 * 1. POST /campaigns/:id/send, in ONE transaction: the recipient list is built by one
 *    INSERT … SELECT from the segment query (unique per campaign and client), one
 *    `campaign.send` job per recipient by one INSERT … SELECT into the jobs table, and the
 *    campaign becomes `sending`. A crash before the commit leaves a draft; after it, every
 *    recipient has a job. Bulk statements, so 100 000 recipients take seconds, not minutes.
 * 2. A `campaign.send` job moves its recipient `pending` → `sending` in the same transaction
 *    that writes the outbox row, then sends that one row through the mail layer. A rerun
 *    (retry, or another worker after a crash) finds the recipient `sending` with its outbox
 *    row and resumes that row; the mail layer never sends a row that is no longer `queued`.
 * 3. The outcome moves the recipient to `sent`, `failed` or `skipped` and bumps the
 *    campaign's counter in one transaction, guarded by the recipient's previous state, so a
 *    counter moves once per recipient. The job that completes the count settles the campaign
 *    as `sent`, `partly_failed` or `failed` (deliveryStatus) and tells the admins
 *    (`campaign.sent`).
 */

export async function startSend(ctx: AppContext, id: number): Promise<CampaignOutput> {
  const settings = await readSettings(ctx.db);
  if (settings.bulk_campaigns_enabled !== 1) {
    throw conflict(
      'campaigns_disabled',
      'Bulk email campaigns are turned off: enable bulk_campaigns_enabled in the settings first',
    );
  }
  const timezone = await readTimezone(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    const campaign = await lockCampaign(trx, ctx, id);
    if (campaign.status !== 'draft') {
      throw conflict(
        'campaign_already_sent',
        campaign.status === 'sending' ? 'This campaign is already being sent' : 'This campaign has already been sent',
      );
    }
    return toCampaign(await launch(trx, campaign, timezone), timezone);
  });
}

/**
 * Builds the recipient list and enqueues their jobs for a draft campaign, in the caller's
 * transaction (which holds the campaign row), and marks it `sending` (or `sent` when nobody
 * matches). Also used by the seasonal-promotions automation.
 */
export async function launch(trx: Transaction<DB>, campaign: CampaignRow, timezone: string): Promise<CampaignRow> {
  const id = campaign.id;
  const now = nowIso();
  const filters = campaign.segment_filters ? (JSON.parse(campaign.segment_filters) as SegmentFiltersInput) : {};
  const inserted = await trx
    .insertInto('campaign_recipients')
    .columns(['campaign_id', 'client_id', 'email', 'status', 'created_at', 'updated_at'])
    .expression(
      recipientQuery(trx, filters, { timezone }).select([
        sql<number>`cast(${id} as integer)`.as('campaign_id'),
        'c.id',
        sql<string>`c.email`.as('email'),
        sql<string>`cast(${'pending'} as text)`.as('status'),
        sql<string>`cast(${now} as text)`.as('created_at'),
        sql<string>`cast(${now} as text)`.as('updated_at'),
      ]),
    )
    .executeTakeFirst();
  const recipients = Number(inserted.numInsertedOrUpdatedRows ?? 0n);

  // One `campaign.send` job per recipient, in this transaction.
  await enqueueEach(
    trx,
    'campaign.send',
    'recipientId',
    trx.selectFrom('campaign_recipients as r').select('r.id').where('r.campaign_id', '=', id),
  );

  const row = await trx
    .updateTable('campaigns')
    .set({
      status: recipients === 0 ? 'sent' : 'sending',
      recipient_count: recipients,
      started_at: now,
      finished_at: recipients === 0 ? now : null,
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (recipients === 0) await announceSent(trx, row.id, row.name, row);
  return row;
}

interface Counts {
  recipient_count: number;
  sent_count: number;
  failed_count: number;
  skipped_count: number;
}

async function announceSent(trx: Transaction<DB>, id: number, name: string, counts: Counts): Promise<void> {
  await notifyAdmins(trx, {
    type: 'campaign.sent',
    title: notice('notification.campaign_sent.title'),
    message: notice('notification.campaign_sent.message', {
      name,
      sent: counts.sent_count,
      failed: counts.failed_count,
      skipped: counts.skipped_count,
      total: counts.recipient_count,
    }),
    link: campaignLink(id),
  });
}

/**
 * How a finished send went, from its counts: skipped recipients (unsubscribed, no consent)
 * are no failure, so a campaign with nothing failed is `sent`, also when nobody was mailed.
 */
export function deliveryStatus(counts: Pick<Counts, 'sent_count' | 'failed_count'>): CampaignStatus {
  if (counts.failed_count === 0) return 'sent';
  return counts.sent_count === 0 ? 'failed' : 'partly_failed';
}

const COUNTER = { sent: 'sent_count', failed: 'failed_count', skipped: 'skipped_count' } as const;

/**
 * Moves a recipient from `from` to its final state and counts it, once: the guarded update
 * changes nothing when another run got there first. Completes the campaign on the last one.
 */
async function settle(
  ctx: AppContext,
  recipientId: number,
  from: RecipientStatus,
  to: 'sent' | 'failed' | 'skipped',
  error: string | null,
): Promise<void> {
  const counted = await count(ctx, recipientId, from, to, error);
  if (counted && isComplete(counted)) await completeIfCounted(ctx, counted.id);
}

type Counted = (Counts & { id: number; status: CampaignStatus }) | undefined;

/**
 * settle's move and count, without the completion; returns the campaign's counts when this
 * call counted the recipient. `markSent`: the mail layer's UPDATE marking the recipient's
 * email sent, recorded in the same commit, so a sent email and its count are never apart.
 */
async function count(
  ctx: AppContext,
  recipientId: number,
  from: RecipientStatus,
  to: 'sent' | 'failed' | 'skipped',
  error: string | null,
  markSent?: MarkSent,
): Promise<Counted> {
  const counter = COUNTER[to];
  const now = nowIso();
  if (ctx.dialect === 'postgres') {
    // One statement, one round trip: the email's update (when given), the recipient's move
    // and the count commit together (a transaction of them took five), and the campaign row
    // is locked only while the statement runs. PostgreSQL runs a data-modifying WITH whether
    // or not the statement reads its rows.
    const start = (markSent ? ctx.db.with('sent', () => markSent.returning('emails.id')) : ctx.db) as QueryCreator<DB>;
    return start
      .with('moved', (db) =>
        db
          .updateTable('campaign_recipients')
          .set({ status: to, error, updated_at: now })
          .where('id', '=', recipientId)
          .where('status', '=', from)
          .returning('campaign_id'),
      )
      .updateTable('campaigns')
      .from('moved')
      .set({ [counter]: sql`${sql.ref(`campaigns.${counter}`)} + 1` })
      .whereRef('campaigns.id', '=', 'moved.campaign_id')
      .returning(['campaigns.id', 'campaigns.status', 'recipient_count', 'sent_count', 'failed_count', 'skipped_count'])
      .executeTakeFirst();
  }
  // SQLite has no UPDATE in a WITH; its statements cost no round trip anyway.
  return ctx.db.transaction().execute(async (trx) => {
    if (markSent) await trx.executeQuery(markSent.compile());
    const moved = await trx
      .updateTable('campaign_recipients')
      .set({ status: to, error, updated_at: now })
      .where('id', '=', recipientId)
      .where('status', '=', from)
      .returning('campaign_id')
      .executeTakeFirst();
    if (!moved) return undefined;
    return trx
      .updateTable('campaigns')
      .set({ [counter]: sql`${sql.ref(counter)} + 1` })
      .where('id', '=', moved.campaign_id)
      .returning(['id', 'status', 'recipient_count', 'sent_count', 'failed_count', 'skipped_count'])
      .executeTakeFirstOrThrow();
  });
}

function isComplete(campaign: Counts & { status: CampaignStatus }): boolean {
  return (
    campaign.status === 'sending' &&
    campaign.sent_count + campaign.failed_count + campaign.skipped_count >= campaign.recipient_count
  );
}

/**
 * Settles a campaign whose every recipient is counted: `sent`, `partly_failed` or `failed`,
 * and the admins told, once (guarded by the `sending` status). Called after the last count,
 * and again by any later run of a recipient's job, so a crash between the last count and this
 * step is made good by the job's retry.
 */
async function completeIfCounted(ctx: AppContext, campaignId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const campaign = await trx.selectFrom('campaigns').selectAll().where('id', '=', campaignId).executeTakeFirst();
    if (!campaign || !isComplete(campaign)) return;
    const now = nowIso();
    const finished = await trx
      .updateTable('campaigns')
      .set({ status: deliveryStatus(campaign), finished_at: now, updated_at: now })
      .where('id', '=', campaign.id)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    if (finished.numUpdatedRows > 0n) await announceSent(trx, campaign.id, campaign.name, campaign);
  });
}

/** The `campaign.send` job: one recipient, rendered and sent through the mail outbox. */
export function campaignSendJob(ctx: AppContext): JobHandler<'campaign.send'> {
  const deliver = emailDelivery(ctx);
  return async ({ recipientId }, context) => {
    const recipient = await readRecipient(ctx, recipientId);
    // Gone with its campaign: nothing to do.
    if (!recipient) return;
    if (recipient.settings_version === null) throw new Error('the settings row (id 1) is missing');
    await withSettingsVersion(ctx.db, recipient.settings_version, () =>
      sendToRecipient(ctx, deliver, recipient, context),
    );
  };
}

/** A recipient with what its email is made of: the campaign's, the client's, and the settings' version. */
function readRecipient(ctx: AppContext, recipientId: number) {
  return ctx.db
    .selectFrom('campaign_recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .innerJoin('clients as cl', 'cl.id', 'r.client_id')
    .leftJoin('client_unsubscribes as u', 'u.client_id', 'r.client_id')
    .select([
      'r.id',
      'r.status',
      'r.email_id',
      'r.client_id',
      'r.campaign_id',
      'c.subject',
      'c.blocks',
      'cl.email as client_email',
      'cl.name as client_name',
      'cl.marketing_consent',
      'cl.language as client_language',
      'u.client_id as unsubscribed',
      'cl.erased_at',
      // The settings' version with the row, as the auth guard reads it: the settings and
      // the salon's texts held in process are then used without a statement each.
      (eb) => eb.selectFrom('settings').select('version').where('id', '=', 1).as('settings_version'),
    ])
    .where('r.id', '=', recipientId)
    .executeTakeFirst();
}

type Recipient = NonNullable<Awaited<ReturnType<typeof readRecipient>>>;

async function sendToRecipient(
  ctx: AppContext,
  deliver: EmailDelivery,
  recipient: Recipient,
  context: JobContext,
): Promise<void> {
  const recipientId = recipient.id;
  // Settled by an earlier run, which may have stopped before settling the campaign itself.
  if (!['pending', 'sending'].includes(recipient.status)) {
    await completeIfCounted(ctx, recipient.campaign_id);
    return;
  }

  let emailId = recipient.email_id;
  let read: ReadForSend | undefined;
  if (recipient.status === 'pending') {
    // Honoured up to the last moment: an unsubscribe after the list was built still counts.
    const address = recipient.client_email;
    if (recipient.unsubscribed !== null || recipient.marketing_consent !== 1 || recipient.erased_at || !address) {
      await settle(ctx, recipientId, 'pending', 'skipped', 'unsubscribed, no consent or no address');
      return;
    }
    // Read once for both the outbox row (its subject) and the send.
    const settings = await readSettingsWithSecrets(ctx);
    const language = chooseLanguage(recipient.client_language, normaliseLanguage(settings.language));
    read = { settings, language, overrides: await readMessageOverrides(ctx.db, language) };
    const email = await claimRecipient(ctx, recipientId, address, read, {
      subject: recipient.subject,
      blocks: JSON.parse(recipient.blocks) as StoredBlock[],
      ...unsubscribeLinks(ctx, recipient.client_id),
      recipient: { name: recipient.client_name },
    });
    // Another run moved it meanwhile; that run sends it.
    if (email === null) return;
    emailId = email.id;
    read.email = email;
  }
  if (emailId === null) {
    await settle(ctx, recipientId, 'sending', 'failed', 'its outbox email was removed');
    return;
  }
  await sendOne(ctx, deliver, recipientId, emailId, context, read);
}

async function sendOne(
  ctx: AppContext,
  deliver: EmailDelivery,
  recipientId: number,
  emailId: number,
  context: JobContext,
  read: ReadForSend | undefined,
): Promise<void> {
  let email;
  let settled = false;
  let counted: Counted;
  try {
    // The mail layer's own send: renders the MJML, talks to SMTP, records the outcome on
    // the outbox row (a success together with the recipient's count), and does nothing for
    // a row already sent.
    email = await deliver(emailId, context, read, async (markSent) => {
      counted = await count(ctx, recipientId, 'sending', 'sent', null, markSent);
      settled = true;
    });
  } catch (error) {
    if (context.isLastAttempt) {
      const message = error instanceof Error ? error.message : String(error);
      await settle(ctx, recipientId, 'sending', 'failed', message.slice(0, 1000));
    }
    throw error;
  }
  if (settled) {
    // Outside the send: the email is recorded as sent, whatever completing the campaign meets.
    if (counted && isComplete(counted)) await completeIfCounted(ctx, counted.id);
    return;
  }
  // Sent by an earlier run that stopped before counting it, or not sent at all.
  if (email?.status === 'sent') await settle(ctx, recipientId, 'sending', 'sent', null);
  else await settle(ctx, recipientId, 'sending', 'failed', email?.error ?? 'email not sent');
}
