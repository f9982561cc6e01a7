/*
 * The language a public page's HTML is sent in, when the request alone says it: the booking
 * page's HTML preloads that language's messages (web/build/book-languages.ts). The page's
 * script chooses the language by the same rules (web/src/lib/language.ts, chooseLanguage): the
 * visitor's choice (`?lang=`), then the first of the browser's languages the front end speaks.
 * What the request does not carry (a choice kept in the tab's session storage, the salon's own
 * language when the browser speaks neither) the script alone knows: without `?lang=` or a
 * spoken browser language the page is sent as the plain shell, which preloads no messages,
 * never a guessed language's.
 */

/** The languages the front end speaks (web/src/lib/language.ts LANGUAGES). */
export const PAGE_LANGUAGES = ['en', 'nl'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

function spoken(tag: string): PageLanguage | null {
  const base = tag.trim().toLowerCase().split(/[-;]/)[0] ?? '';
  return (PAGE_LANGUAGES as readonly string[]).includes(base) ? (base as PageLanguage) : null;
}

/**
 * `?lang=` when the front end speaks it, else the first language of Accept-Language it speaks
 * (in the header's order, as the browser's `navigator.languages`; a tag weighted `q=0` is one
 * the browser refuses), else null.
 */
export function requestLanguage(lang: unknown, acceptLanguage: string | undefined): PageLanguage | null {
  if (typeof lang === 'string') {
    const chosen = (PAGE_LANGUAGES as readonly string[]).includes(lang) ? (lang as PageLanguage) : null;
    if (chosen) return chosen;
  }
  for (const entry of (acceptLanguage ?? '').split(',')) {
    if (/;\s*q\s*=\s*0(\.0*)?\s*$/i.test(entry)) continue;
    const language = spoken(entry);
    if (language) return language;
  }
  return null;
}
