import type { Executor } from '../db/executor.js';
import { heldWhileSettingsVersion } from '../db/settings-cache.js';
import { editableMessage, type Language } from '../messages/index.js';
import type { MessageOverrides } from './templates/layout.js';

/**
 * The salon's own texts in one language, by catalogue key (`booking.confirmed.subject` …):
 * rendering uses them over the catalogue's. Read when an email is queued (its subject) and
 * when it is rendered (its body), so the text saved at that moment is the one used. Held in
 * process while the settings version stays (every change of the texts bumps it): a campaign
 * renders a hundred thousand emails with them.
 */
export const readMessageOverrides: (executor: Executor, language: Language) => Promise<MessageOverrides> =
  heldWhileSettingsVersion(readOverrides);

async function readOverrides(executor: Executor, language: Language): Promise<MessageOverrides> {
  const rows = await executor
    .selectFrom('message_texts')
    .select(['key', 'subject', 'body'])
    .where('language', '=', language)
    .execute();
  const overrides = new Map<string, string>();
  for (const row of rows) {
    const message = editableMessage(row.key);
    // A row of a message no longer editable (renamed, removed) is ignored, not an error.
    if (!message) continue;
    if (message.subjectKey && row.subject !== null) overrides.set(message.subjectKey, row.subject);
    overrides.set(message.bodyKey, row.body);
  }
  return overrides;
}
