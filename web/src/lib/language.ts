/** The languages the front end speaks; English is the source of every message. */
export const LANGUAGES = ['en', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `nl-BE` → `nl`; null for a language the front end does not speak. */
function languageOfTag(tag: string): Language | null {
  const base = tag.toLowerCase().split('-')[0];
  return isLanguage(base) ? base : null;
}

/**
 * Which language to show: the visitor's own choice (the switch) first, then the first of the
 * browser's languages that the front end speaks, then the salon's `language`, then English.
 */
export function chooseLanguage(choice: {
  chosen?: string | null;
  browser?: readonly string[];
  salon?: string | null;
}): Language {
  if (isLanguage(choice.chosen)) return choice.chosen;
  for (const tag of choice.browser ?? []) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  const salon = choice.salon ? languageOfTag(choice.salon) : null;
  return salon ?? 'en';
}
