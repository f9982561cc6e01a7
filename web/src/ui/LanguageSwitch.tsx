import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useLanguage, useT } from '../i18n/i18n';
import { LANGUAGES, isLanguage } from '../lib/language';
import './language-switch.css';

/** The visitor's own choice of language, overriding the browser's and the salon's. */
export function LanguageSwitch() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  return (
    <ToggleButtonGroup
      aria-label={t('app.language.label')}
      className="language-switch"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[language]}
      onSelectionChange={(keys) => {
        const [next] = [...keys];
        if (isLanguage(next)) setLanguage(next);
      }}
    >
      {LANGUAGES.map((code) => (
        <ToggleButton key={code} id={code} className="button" lang={code}>
          {t(`app.language.${code}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
