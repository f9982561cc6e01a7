import type { Cases } from '../testing/component-page';
import { useT } from '../i18n/i18n';
import { LanguageSwitch } from './LanguageSwitch';

/** The component tests' cases of LanguageSwitch (web/component/LanguageSwitch.test.ts). */

function Header() {
  const t = useT();
  return (
    <>
      <header className="shell-header">
        <LanguageSwitch />
      </header>
      <h1>{t('book.title')}</h1>
      <button type="button" className="button">
        {t('app.error.retry')}
      </button>
    </>
  );
}

export const cases: Cases = {
  header: () => <Header />,
};
