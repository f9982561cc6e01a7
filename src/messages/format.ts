import { IntlMessageFormat } from 'intl-messageformat';
import { en, type MessageKey } from './catalogues/en.js';
import { nl } from './catalogues/nl.js';
import type { Language } from './language.js';

/** The catalogues by language: one file per language under catalogues/. */
export const CATALOGUES: Record<Language, Record<MessageKey, string>> = { en, nl };

/** The locale a language formats its numbers and dates with. */
export const LOCALES: Record<Language, string> = { en: 'en-GB', nl: 'nl-NL' };

export type MessageValues = Record<string, string | number>;

/** A message the catalogue holds under that key, in that language. */
export function catalogueText(language: Language, key: MessageKey): string {
  return CATALOGUES[language][key];
}

const compiled = new Map<string, IntlMessageFormat>();

/**
 * An ICU message compiled once per language and text. `ignoreTag`: our texts are plain text
 * (the layout escapes them), so `<b>` is just characters, not a rich-text tag to fill in.
 */
function compile(source: string, language: Language): IntlMessageFormat {
  const cacheKey = `${language}\u0000${source}`;
  let message = compiled.get(cacheKey);
  if (!message) {
    message = new IntlMessageFormat(source, LOCALES[language], undefined, { ignoreTag: true });
    // Salon-edited texts come and go; the bound keeps a long-running worker's cache small.
    if (compiled.size > 2000) compiled.clear();
    compiled.set(cacheKey, message);
  }
  return message;
}

/** Formats an ICU message text (a catalogue's or a salon's own) with its values. */
export function formatText(source: string, language: Language, values: MessageValues = {}): string {
  return String(compile(source, language).format(values));
}

/** Formats the catalogue message `key` in `language` with its values. */
export function formatMessage(language: Language, key: MessageKey, values: MessageValues = {}): string {
  return formatText(catalogueText(language, key), language, values);
}
