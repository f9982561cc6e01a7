import type { AppContext } from '../../context.js';
import { readSettings, readTimezone } from '../../db/settings.js';
import { settingsWritten } from '../../db/settings-cache.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { readMessageOverrides } from '../../mail/message-texts.js';
import { brandOf, renderDraft } from '../../mail/render-email.js';
import { isSmsTextName, renderSmsWith } from '../../mail/render-sms.js';
import {
  catalogueText,
  EDITABLE_MESSAGES,
  editableMessage,
  formatText,
  isLanguage,
  placeholdersOf,
  UnparsableMessageError,
  type EditableMessage,
  type Language,
} from '../../messages/index.js';

/*
 * The salon's own texts of the client messages: per message and language a subject and a
 * body replacing the catalogue's, checked when saved (ICU MessageFormat that parses, only the
 * message's placeholders, and renders with sample values), reset by deleting them.
 */

export interface MessageTextInput {
  subject?: string | undefined;
  body: string;
}

function requireLanguage(language: string): Language {
  if (!isLanguage(language)) throw notFound('Language');
  return language;
}

function requireMessage(key: string): EditableMessage {
  const message = editableMessage(key);
  if (!message) throw notFound('Message');
  return message;
}

/** The message as the API shows it: what it is, its placeholders, and its text per language. */
async function present(ctx: Pick<AppContext, 'db'>, message: EditableMessage) {
  const rows = await ctx.db.selectFrom('message_texts').selectAll().where('key', '=', message.key).execute();
  const timezone = await readTimezone(ctx.db);
  const textOf = (language: Language) => {
    const own = rows.find((row) => row.language === language);
    return {
      subject: message.subjectKey ? (own?.subject ?? catalogueText(language, message.subjectKey)) : null,
      body: own?.body ?? catalogueText(language, message.bodyKey),
      is_default: own === undefined,
      updated_at: formatInstant(own?.updated_at ?? null, timezone),
    };
  };
  const texts = { en: textOf('en'), nl: textOf('nl') };
  return {
    key: message.key,
    channel: message.channel,
    description: message.description,
    placeholders: [...message.placeholders],
    texts,
  };
}

export async function listMessages(ctx: Pick<AppContext, 'db'>) {
  const out = [];
  for (const message of EDITABLE_MESSAGES) out.push(await present(ctx, message));
  return out;
}

export async function getMessage(ctx: Pick<AppContext, 'db'>, key: string) {
  return present(ctx, requireMessage(key));
}

/** 400 unless the text parses, uses only the message's placeholders and renders with sample values. */
function checkText(message: EditableMessage, language: Language, field: 'subject' | 'body', text: string): void {
  let used: string[];
  try {
    used = placeholdersOf(text);
  } catch (error) {
    if (!(error instanceof UnparsableMessageError)) throw error;
    throw badRequest('invalid_message', `The ${field} is not a valid message: ${error.message}`, [
      { field, message: `does not parse: ${error.message}` },
    ]);
  }
  const unknown = used.filter((name) => !message.placeholders.includes(name));
  if (unknown.length > 0) {
    const names = unknown.map((name) => `{${name}}`).join(', ');
    throw badRequest('unknown_placeholder', `Unknown placeholder ${names} in the ${field}`, [
      {
        field,
        message: `unknown placeholder ${names}; allowed: ${message.placeholders.map((p) => `{${p}}`).join(', ')}`,
      },
    ]);
  }
  try {
    formatText(text, language, Object.fromEntries(message.placeholders.map((name) => [name, 'x'])));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw badRequest('invalid_message', `The ${field} does not render: ${reason}`, [
      { field, message: `does not render: ${reason}` },
    ]);
  }
}

function checkInput(message: EditableMessage, language: Language, input: MessageTextInput): void {
  if (message.subjectKey && input.subject === undefined) {
    throw badRequest('validation_failed', 'Invalid input: subject is required for an email', [
      { field: 'subject', message: 'is required for an email' },
    ]);
  }
  if (message.subjectKey && input.subject !== undefined) checkText(message, language, 'subject', input.subject);
  checkText(message, language, 'body', input.body);
}

export async function saveMessage(
  ctx: Pick<AppContext, 'db'>,
  key: string,
  languageParam: string,
  input: MessageTextInput,
) {
  const message = requireMessage(key);
  const language = requireLanguage(languageParam);
  checkInput(message, language, input);
  const values = {
    subject: message.subjectKey ? input.subject!.trim() : null,
    body: input.body.trim(),
    updated_at: nowIso(),
  };
  await ctx.db
    .insertInto('message_texts')
    .values({ key, language, ...values })
    .onConflict((oc) => oc.columns(['key', 'language']).doUpdateSet(values))
    .execute();
  // The database bumped the settings version (migration 0031): this request's later reads
  // of the texts look again.
  settingsWritten();
  return present(ctx, message);
}

export async function resetMessage(ctx: Pick<AppContext, 'db'>, key: string, languageParam: string) {
  const message = requireMessage(key);
  const language = requireLanguage(languageParam);
  await ctx.db.deleteFrom('message_texts').where('key', '=', key).where('language', '=', language).execute();
  settingsWritten();
  return present(ctx, message);
}

/**
 * The message rendered with sample data in one language: with the draft when one is sent
 * (checked like a save, not stored), else with the text in use (saved or default).
 */
export async function previewMessage(
  ctx: Pick<AppContext, 'db' | 'config'>,
  key: string,
  language: Language,
  draft: { subject?: string | undefined; body?: string | undefined } | undefined,
) {
  const message = requireMessage(key);
  const overrides = new Map(await readMessageOverrides(ctx.db, language));
  if (draft) {
    // A draft may be of the body alone: the subject in use then stays.
    if (message.subjectKey && draft.subject !== undefined) checkText(message, language, 'subject', draft.subject);
    if (draft.body !== undefined) checkText(message, language, 'body', draft.body);
    if (message.subjectKey && draft.subject !== undefined) overrides.set(message.subjectKey, draft.subject.trim());
    if (draft.body !== undefined) overrides.set(message.bodyKey, draft.body.trim());
  }
  const brand = brandOf(await readSettings(ctx.db), ctx.config.publicBaseUrl);
  if (message.channel === 'sms') {
    if (!isSmsTextName(message.key)) throw new Error(`no text message renders ${message.key}`);
    const text = renderSmsWith(message.key, message.sample as never, brand, language, overrides);
    return { language, subject: null, html: null, text };
  }
  return { language, ...(await renderDraft(message.key, message.sample, language, brand, overrides)) };
}
