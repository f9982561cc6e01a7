import { useT } from '../../i18n/i18n';

/**
 * `booking_clients` = `existing` in a frame on another site: signing in needs the client's
 * session cookie, which the browser never sends there, so the booking page itself opens in a
 * new tab, with the choices made so far, where signing in works.
 */
export function EmbeddedSignIn() {
  const t = useT();
  const query = window.location.search
    .slice(1)
    .split('&')
    .filter((part) => part !== '' && !part.startsWith('embed='))
    .join('&');
  return (
    <div className="notice" role="status">
      <p>{t('book.embed.existingOnly')}</p>
      <p>
        <a href={`/book${query === '' ? '' : `?${query}`}`} target="_blank" rel="noopener">
          {t('book.embed.signIn')}
        </a>
      </p>
    </div>
  );
}
