import type { Language } from '../messages/index.js';
import { readMessageOverrides } from './message-texts.js';
import { mailContext, type Brand, type MessageOverrides } from './templates/layout.js';
import { reminderSms, type ReminderData } from './templates/reminders.js';
import type { Executor } from '../db/executor.js';

/*
 * The text messages written from the catalogues, by the name of their editable message: the
 * same values and the salon's own texts as the emails. Rendered when queued: an SMS outbox row
 * holds its text, not data.
 */

interface SmsTexts {
  'sms.reminder': ReminderData;
}

const TEXTS: { [N in keyof SmsTexts]: (data: SmsTexts[N], mail: ReturnType<typeof mailContext>) => string } = {
  'sms.reminder': reminderSms,
};

export type SmsTextName = keyof SmsTexts;

export function isSmsTextName(name: string): name is SmsTextName {
  return Object.hasOwn(TEXTS, name);
}

/** The message in `language` with these overrides (a preview's draft, or the salon's saved texts). */
export function renderSmsWith<N extends SmsTextName>(
  name: N,
  data: SmsTexts[N],
  brand: Brand,
  language: Language,
  overrides: MessageOverrides,
): string {
  return TEXTS[name](data, mailContext(brand, language, overrides));
}

/** The message in `language` with the salon's saved texts of that language. */
export async function renderSms<N extends SmsTextName>(
  executor: Executor,
  name: N,
  data: SmsTexts[N],
  brand: Brand,
  language: Language,
): Promise<string> {
  return renderSmsWith(name, data, brand, language, await readMessageOverrides(executor, language));
}
