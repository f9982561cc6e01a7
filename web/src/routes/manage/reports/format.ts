import { useMemo } from 'react';
import { LOCALE_OF, useLanguage } from '../../../i18n/i18n';
import { formatMoney } from '../../../lib/format';

/** The reports' money, days and counts in the page's language and the salon's currency. */
export function useReportFormat(currency: string | undefined) {
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  return useMemo(() => {
    const dayFormat = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const shortDay = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const count = new Intl.NumberFormat(locale);
    return {
      locale,
      money: (amount: number) => formatMoney(amount, currency || 'EUR', locale),
      /** "12 Feb 2026" of `YYYY-MM-DD` (or the start of a wall-clock text). */
      day: (text: string) => dayFormat.format(new Date(`${text.slice(0, 10)}T00:00:00Z`)),
      /** "12-02-2026" / "12/02/2026": a day as the language writes it in a spreadsheet. */
      csvDay: (text: string) => shortDay.format(new Date(`${text.slice(0, 10)}T00:00:00Z`)),
      count: (value: number) => count.format(value),
      percent: (value: number) => `${count.format(value)} %`,
    };
  }, [locale, currency]);
}

export type ReportFormat = ReturnType<typeof useReportFormat>;
