import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';

/**
 * The booking page as a client sees it (a new tab, so this form stays), and the snippet that
 * puts it on the salon's own website, ready to copy.
 */
export function BookingLinks() {
  const t = useT();
  const origin = window.location.origin;
  const snippet = `<script src="${origin}/embed.js" defer></script>\n<div data-salon-booking></div>`;
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(snippet).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <section className="form-group settings-booking-links" aria-labelledby="settings-booking-links">
      <h2 id="settings-booking-links">{t('manage.settings.bookingPage.title')}</h2>
      <p>
        <a href="/book" target="_blank" rel="noopener">
          {t('manage.settings.bookingPage.open')}
        </a>
      </p>
      <label htmlFor="settings-embed-snippet">{t('manage.settings.bookingPage.embed')}</label>
      <p className="description" id="settings-embed-help">
        {t('manage.settings.bookingPage.embedHelp')}
      </p>
      <textarea
        id="settings-embed-snippet"
        className="settings-snippet"
        readOnly
        rows={3}
        value={snippet}
        aria-describedby="settings-embed-help"
      />
      <div className="actions">
        <Button variant="secondary" onPress={() => void copy()}>
          {t('manage.settings.bookingPage.copy')}
        </Button>
        <p role="status">
          {copied === true
            ? t('manage.settings.bookingPage.copied')
            : copied === false
              ? t('manage.settings.bookingPage.copyFailed')
              : ''}
        </p>
      </div>
    </section>
  );
}
