import { setupI18n, type Values } from '@lingui/core';
import { I18nProvider as LinguiProvider, useLingui } from '@lingui/react';
import { createContext, startTransition, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isEmbedded } from '../lib/embed';
import { chooseLanguage, type Language } from '../lib/language';
import { catalogueLoaders } from 'virtual:messages';
import type en from './catalogues/en.json';
import { warmIntl } from './warm-intl';

/** Every message key: the English catalogue is their source, so a wrong key fails the type check. */
export type MessageKey = keyof typeof en;

const i18n = setupI18n();

/** The locale handed to React Aria and Intl: its region decides date order and the like. */
export const LOCALE_OF: Record<Language, string> = { en: 'en-GB', nl: 'nl-NL' };

/** A part of the catalogues (web/build/message-parts.ts): a shell's, or a lazily loaded area's. */
export type MessagePart = keyof (typeof catalogueLoaders)['en'];

/*
 * Each language's catalogue comes in parts, each its own small chunk: a page fetches its shell's
 * part and the parts of the areas it has opened, in the active language only; switching
 * language fetches the same parts in the other one before the page shows it.
 */
const partsInUse = new Set<MessagePart>();
const partsLoaded = new Map<string, Promise<void>>();
let activeLanguage: Language | null = null;
let firstActivation: (language: Language) => void;
const firstActive = new Promise<Language>((resolve) => {
  firstActivation = resolve;
});

function loadPart(language: Language, part: MessagePart): Promise<void> {
  const key = `${language}/${part}`;
  let loading = partsLoaded.get(key);
  if (!loading) {
    loading = catalogueLoaders[language][part]().then(({ messages }) => i18n.load(language, messages));
    // A failed fetch (the network) is tried again the next time the part is asked for.
    loading.catch(() => partsLoaded.delete(key));
    partsLoaded.set(key, loading);
  }
  return loading;
}

let activations = 0;
/** The language of the latest activation, known before its parts have come. */
let activating: Language | null = null;
async function activate(language: Language, shell: MessagePart): Promise<void> {
  const activation = ++activations;
  activating = language;
  // While the messages load: the locale's Intl data, which the page needs as soon as it shows
  // (already on its way when warmLikelyLanguage guessed this language).
  void warmIntl(LOCALE_OF[language]);
  partsInUse.add(shell);
  // Until every part in use is there: an area opened while these load adds its own.
  let parts: MessagePart[];
  do {
    parts = [...partsInUse];
    await Promise.all(parts.map((part) => loadPart(language, part)));
  } while (parts.length !== partsInUse.size);
  // A later switch overtook this one (its parts came first): that one is the language shown.
  if (activation !== activations) return;
  i18n.activate(language);
  activeLanguage = language;
  firstActivation(language);
  document.documentElement.lang = language;
}

/**
 * An area's lazily loaded chunk together with its messages, in the active language: for
 * `lazy(withMessages('account', () => import('../routes/account/AccountPages')))`. The area's
 * part is fetched alongside its code, and again in the other language when the visitor switches.
 */
export function withMessages<T>(part: MessagePart, load: () => Promise<T>): () => Promise<T> {
  return async () => {
    partsInUse.add(part);
    // The messages before the code: the browser sends a few requests at a time, and the page
    // waits for both. The language being activated counts as known (the office's start
    // activates before it starts any chunk), so the part is not asked for a round later.
    const language = activeLanguage ?? activating;
    const [, module] = await Promise.all([
      language === null ? firstActive.then((first) => loadPart(first, part)) : loadPart(language, part),
      load(),
    ]);
    return module;
  };
}

/**
 * The visitor's own choice, kept for the tab's session where the browser allows storage. An
 * embedded page stores nothing: the choice goes in its address (`?lang=`), so a reload keeps it.
 */
const CHOICE_KEY = 'salon.language';
function storedChoice(): string | null {
  const inAddress = new URLSearchParams(window.location.search).get('lang');
  if (inAddress !== null || isEmbedded()) return inAddress;
  try {
    return window.sessionStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}
function storeChoice(language: Language): void {
  if (isEmbedded()) {
    // The other parameters kept as written (URLSearchParams would re-encode `10:00` as `10%3A00`).
    const others = window.location.search
      .slice(1)
      .split('&')
      .filter((part) => part !== '' && !part.startsWith('lang='));
    const query = [...others, `lang=${language}`].join('&');
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${query}`);
    return;
  }
  try {
    window.sessionStorage.setItem(CHOICE_KEY, language);
  } catch {
    // Storage blocked (a frame that is not ours to store in): the choice lasts as long as the page.
  }
}

/** The language a page's LanguageProvider starts in: the visitor's choice, else the browser's, else the salon's. */
function firstLanguage(salonLanguage: string | null, chosen = storedChoice()): Language {
  return chooseLanguage({ chosen, browser: navigator.languages, salon: salonLanguage });
}

/**
 * Starts, before React renders, the messages a LanguageProvider without the salon's language
 * (the office's) loads first: its shell's part now, and the part of each chunk started after
 * it as that chunk starts (`withMessages`), instead of after the first render. The provider
 * then finds them loading (each part is fetched once) and shows the page when they are there.
 */
export function preloadMessages(shell: MessagePart): void {
  // A failed part is the provider's to meet (it asks again: a failed fetch is forgotten).
  activate(firstLanguage(null), shell).catch(() => undefined);
}

/**
 * Starts loading the Intl data of the language the page will most likely show (the visitor's
 * choice, else the browser's; the salon's own language is not known yet), before anything is
 * rendered: the worker then has the script's evaluation and the first renders to finish in.
 */
export function warmLikelyLanguage(): void {
  void warmIntl(LOCALE_OF[firstLanguage(null)]);
}

interface LanguageState {
  language: Language;
  setLanguage: (language: Language) => void;
  /** The locale of the messages shown (LOCALE_OF), for React Aria (ui/AriaProviders.tsx) and Intl. */
  locale: string;
}
const LanguageContext = createContext<LanguageState | null>(null);

/**
 * Loads the messages of the language chosen (chooseLanguage): the shell's part and those of the
 * areas opened so far, and renders its children once they are there. `salonLanguage` is the
 * salon's `language` setting, when known.
 */
export function LanguageProvider({
  shell,
  salonLanguage,
  children,
}: {
  shell: MessagePart;
  salonLanguage?: string | null;
  children: ReactNode;
}) {
  const [chosen, setChosen] = useState<string | null>(storedChoice);
  const language = firstLanguage(salonLanguage ?? null, chosen);
  const [loaded, setLoaded] = useState<Language | null>(null);

  useEffect(() => {
    let current = true;
    void activate(language, shell).then(() => {
      // The page under the provider appears (or changes language) in a transition: rendered in
      // slices, so the main thread stays free for input meanwhile (a whole page at once blocked
      // a slow phone for a tenth of a second and more).
      if (current) startTransition(() => setLoaded(language));
    });
    return () => {
      current = false;
    };
  }, [language, shell]);

  const setLanguage = useCallback((next: Language) => {
    storeChoice(next);
    setChosen(next);
  }, []);
  const locale = LOCALE_OF[loaded ?? language];
  const state = useMemo(() => ({ language, setLanguage, locale }), [language, setLanguage, locale]);

  if (loaded === null) return null;
  return (
    <LanguageContext value={state}>
      <LinguiProvider i18n={i18n}>{children}</LinguiProvider>
    </LanguageContext>
  );
}

export function useLanguage(): LanguageState {
  const state = use(LanguageContext);
  if (!state) throw new Error('useLanguage outside LanguageProvider');
  return state;
}

/** `t('book.title')`, `t('book.times', { count })`: a message of the active catalogue. */
export function useT(): (key: MessageKey, values?: Values) => string {
  const { i18n: active } = useLingui();
  return useCallback((key: MessageKey, values?: Values) => active._(key, values), [active]);
}
