import type { Executor } from '../db/executor.js';
import type { Insertable } from 'kysely';
import type { EmailsTable, Settings } from '../db/types.js';
import { enqueue } from '../jobs/queue.js';
import { readSettings } from '../db/settings.js';
import { chooseLanguage, type Language } from '../messages/index.js';
import { readMessageOverrides } from './message-texts.js';
import { brandOf } from './render-email.js';
import { template, type TemplateData, type TemplateName } from './templates/index.js';
import { mailContext, type MessageOverrides } from './templates/layout.js';

/*
 * The outbox (`emails` table) belongs to the mail layer: every row is written here, with its
 * subject rendered, and sent by the `mail.send` job (mail/send-job.ts). Callers write in their
 * own transaction, so an email exists exactly when the change that causes it does.
 */

export interface OutgoingEmail<N extends TemplateName> {
  to: string;
  template: N;
  data: TemplateData<N>;
  /**
   * The data holds a secret (temporary password, reset link, unsubscribe link): it is erased
   * from the outbox once the email is sent or given up on, so it does not outlive its purpose
   * at rest.
   */
  sensitive?: boolean;
  /**
   * The recipient's own language when known (a client's `language`); absent or null: the
   * salon's. The row keeps the language chosen, so the body renders in the subject's language.
   */
  language?: string | null | undefined;
  /** The client the email is for: written in that client's language when one is on record. */
  clientId?: number | null | undefined;
}

/** What the caller has read already for `outboxRows` (a campaign's send reads them once per email). */
export interface ReadForOutbox {
  settings: Settings;
  overrides: ReadonlyMap<Language, MessageOverrides>;
}

/**
 * The outbox rows for `emails`, `queued`, each with its subject rendered in the language it
 * is written in (the recipient's own when known, else the salon's), in the order of `emails`.
 */
export async function outboxRows<N extends TemplateName>(
  executor: Executor,
  emails: readonly OutgoingEmail<N>[],
  read?: ReadForOutbox,
): Promise<Insertable<EmailsTable>[]> {
  const brand = brandOf(read?.settings ?? (await readSettings(executor)), null);
  const clientIds = [...new Set(emails.flatMap((email) => (email.clientId ? [email.clientId] : [])))];
  const clientLanguages = new Map<number, string | null>();
  if (clientIds.length > 0) {
    const rows = await executor.selectFrom('clients').select(['id', 'language']).where('id', 'in', clientIds).execute();
    for (const row of rows) clientLanguages.set(row.id, row.language);
  }
  const languages = emails.map((email) =>
    chooseLanguage(email.language ?? (email.clientId ? clientLanguages.get(email.clientId) : null), brand.language),
  );
  // The salon's own texts of the languages written in, for the subjects.
  const overrides = new Map<Language, MessageOverrides>();
  for (const language of new Set(languages)) {
    overrides.set(language, read?.overrides.get(language) ?? (await readMessageOverrides(executor, language)));
  }
  const createdAt = new Date().toISOString();
  return emails.map((email, index) => {
    const language = languages[index]!;
    return {
      recipient: email.to,
      subject: template(email.template).subject(email.data, mailContext(brand, language, overrides.get(language))),
      language,
      template: email.template,
      data: JSON.stringify(email.data),
      sensitive: email.sensitive ? 1 : 0,
      status: 'queued' as const,
      created_at: createdAt,
    };
  });
}

/**
 * Writes outbox rows, `queued`, in one INSERT, and returns their ids in the order of
 * `emails`. No job is enqueued: `queueEmail`/`queueEmails` add the jobs that send them.
 */
export async function recordEmails<N extends TemplateName>(
  executor: Executor,
  emails: readonly OutgoingEmail<N>[],
  read?: ReadForOutbox,
): Promise<number[]> {
  if (emails.length === 0) return [];
  const rows = await executor
    .insertInto('emails')
    .values(await outboxRows(executor, emails, read))
    .returning('id')
    .execute();
  // One statement numbers its rows in the order of its VALUES; RETURNING's own order is not
  // promised (SQLite), so the ids are put back in that order.
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Records emails in the outbox and enqueues the job that sends each, in the caller's
 * transaction. Only those jobs talk to the mail server.
 */
export async function queueEmails<N extends TemplateName>(
  executor: Executor,
  emails: readonly OutgoingEmail<N>[],
): Promise<number[]> {
  const ids = await recordEmails(executor, emails);
  for (const emailId of ids) await enqueue(executor, 'mail.send', { emailId });
  return ids;
}

/** One email of `queueEmails`. */
export async function queueEmail<N extends TemplateName>(executor: Executor, email: OutgoingEmail<N>): Promise<number> {
  const [id] = await queueEmails(executor, [email]);
  return id!;
}
