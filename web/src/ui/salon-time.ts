import { useMemo } from 'react';
import type { Schemas } from '../api/client';
import { LOCALE_OF, useLanguage, useT } from '../i18n/i18n';
import { wallClockInstant } from '../lib/datetime';
import { formatDay, formatTime } from '../lib/format';

type SalonPage = Schemas['PublicSalonPage'];

/**
 * The API's wall-clock times (`YYYY-MM-DD HH:MM:SS`, the salon's zone) as the visitor reads
 * them: in the salon's zone and `time_format`, in the page's language.
 */
export function useSalonTime(page: Pick<SalonPage, 'timezone' | 'time_format'>) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  return useMemo(() => {
    const instant = (text: string) => wallClockInstant(text, page.timezone);
    /** "10:30" (or "10:30 am"). */
    const time = (text: string) => formatTime(instant(text), locale, page.time_format, page.timezone);
    /** "Thursday 26 November". */
    const day = (text: string) => formatDay(instant(text), locale, page.timezone);
    /** "Thursday 26 November, 10:00 to 11:00". */
    const span = (start: string, end: string) =>
      t('book.times.slot', { day: day(start), from: time(start), to: time(end) });
    return { time, day, span };
  }, [t, locale, page.timezone, page.time_format]);
}
