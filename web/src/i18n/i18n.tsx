import { setupI18n, type Values } from '@lingui/core';
import { I18nProvider as LinguiProvider, useLingui } from '@lingui/react';
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nProvider as AriaI18nProvider } from 'react-aria-components';
import { isEmbedded } from '../lib/embed';
import { chooseLanguage, type Language } from '../lib/language';
import type en from './catalogues/en.json';

/** Every message key: the English catalogue is their source, so a wrong key fails the type check. */
export type MessageKey = keyof typeof en;

const i18n = setupI18n();

/** The locale handed to React Aria and Intl: its region decides date order and the like. */
export const LOCALE_OF: Record<Language, string> = { en: 'en-GB', nl: 'nl-NL' };

async function loadCatalogue(language: Language): Promise<void> {
  // Each catalogue is its own small chunk: a visitor downloads only the language shown.
  const { messages } = language === 'nl' ? await import('virtual:messages/nl') : await import('virtual:messages/en');
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
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

interface LanguageState {
  language: Language;
  setLanguage: (language: Language) => void;
}
const LanguageContext = createContext<LanguageState | null>(null);

/**
 * Loads the catalogue of the language chosen (chooseLanguage) and renders its children once it
 * is there. `salonLanguage` is the salon's `language` setting, when known.
 */
export function LanguageProvider({ salonLanguage, children }: { salonLanguage?: string | null; children: ReactNode }) {
  const [chosen, setChosen] = useState<string | null>(storedChoice);
  const language = chooseLanguage({ chosen, browser: navigator.languages, salon: salonLanguage ?? null });
  const [loaded, setLoaded] = useState<Language | null>(null);

  useEffect(() => {
    let current = true;
    void loadCatalogue(language).then(() => {
      if (current) setLoaded(language);
    });
    return () => {
      current = false;
    };
  }, [language]);

  const setLanguage = useCallback((next: Language) => {
    storeChoice(next);
    setChosen(next);
  }, []);
  const state = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);

  if (loaded === null) return null;
  return (
    <LanguageContext value={state}>
      <LinguiProvider i18n={i18n}>
        <AriaI18nProvider locale={LOCALE_OF[loaded]}>{children}</AriaI18nProvider>
      </LinguiProvider>
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
