import { $api } from '../../../api/client';
import { LOCALE_OF, useLanguage } from '../../../i18n/i18n';
import { useMoney } from '../../../ui/RecordPage';

/** The salon's calendar date now (`YYYY-MM-DD`) in its time zone: a promotion's days are the salon's. */
export function salonToday(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(now)
    .slice(0, 10);
}

/** A `YYYY-MM-DD` date as "28 Nov 2026" in the page's language (a calendar date: no time zone moves it). */
export function useDayText(): (text: string | null) => string {
  const { language } = useLanguage();
  const format = new Intl.DateTimeFormat(LOCALE_OF[language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (text) => (text ? format.format(new Date(`${text.slice(0, 10)}T12:00:00Z`)) : '');
}

/** What the offers' pages read of the salon: its currency (amounts) and its time zone (today). */
export function useSalon() {
  const info = $api.useQuery('get', '/api/public/salon-info');
  const page = $api.useQuery('get', '/api/public/salon-page');
  const money = useMoney(info.data?.currency);
  const timezone = page.data?.timezone;
  return { money, today: timezone ? salonToday(timezone) : null, ready: !!info.data && !!page.data };
}
