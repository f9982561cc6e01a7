import { useId } from 'react';
import { useLanguage, useT } from '../i18n/i18n';
import { LANGUAGES } from '../lib/language';
import './language-switch.css';

/**
 * The visitor's own choice of language, overriding the browser's and the salon's: a radio group
 * of the browser's own radios, each drawn as a compact button. Every page's shell shows it, so it
 * carries no React Aria (the booking page's first load cannot afford its interactions). The arrow
 * keys move the choice as in any radio group; the label carries `data-selected` for the look.
 */
export function LanguageSwitch() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  // A name of its own: radios outside a form share a group with every other radio of that name.
  const name = useId();
  return (
    <div role="radiogroup" aria-label={t('app.language.label')} className="language-switch">
      {LANGUAGES.map((code) => (
        <label key={code} className="button" lang={code} data-selected={code === language || undefined}>
          <input type="radio" name={name} value={code} checked={code === language} onChange={() => setLanguage(code)} />
          {t(`app.language.${code}`)}
        </label>
      ))}
    </div>
  );
}
