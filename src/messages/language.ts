/** The languages the service writes its emails and text messages in. */
export const LANGUAGES = ['en', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * A stored or requested language tag as one of ours: its base (`nl-BE` → `nl`, `en-GB` → `en`),
 * and English for anything we do not write (a salon set to `de` still gets readable emails).
 */
export function normaliseLanguage(tag: string | null | undefined): Language {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : 'en';
}

/** The language of a message to a client: the client's own when known, else the salon's. */
export function chooseLanguage(clientLanguage: string | null | undefined, salonLanguage: string | null | undefined) {
  return clientLanguage && isLanguage(clientLanguage) ? clientLanguage : normaliseLanguage(salonLanguage);
}
