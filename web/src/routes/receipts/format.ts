import { LOCALE_OF, useLanguage } from '../../i18n/i18n';

/**
 * The salon's wall-clock text (`YYYY-MM-DD HH:MM:SS`, already in its zone) as a date and time
 * in the page's language. Read as UTC on purpose: the text is the salon's clock, not an instant
 * to convert into the browser's zone.
 */
export function useWallClock(): (text: string) => string {
  const { language } = useLanguage();
  const format = new Intl.DateTimeFormat(LOCALE_OF[language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return (text) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(text);
    if (!match) return text;
    const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
    return format.format(new Date(Date.UTC(y, mo - 1, d, h, mi)));
  };
}

/** A VAT rate in the page's language: 21, 5,5. */
export function usePercent(): (rate: number) => string {
  const { language } = useLanguage();
  const format = new Intl.NumberFormat(LOCALE_OF[language], { maximumFractionDigits: 2 });
  return (rate) => `${format.format(rate)}%`;
}
