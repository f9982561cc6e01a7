import { now } from '@internationalized/date';
import { useEffect, useState } from 'react';
import { $api } from '../../../api/client';
import { LOCALE_OF, useLanguage } from '../../../i18n/i18n';

export type ColorMode = 'category' | 'staff' | 'status';

/** What the calendar draws by: the salon's page and the settings' calendar part, both every member's to read. */
export interface DeskSettings {
  timezone: string;
  timeFormat: string;
  today: string;
  firstDayOfWeek: number;
  slotMinutes: number;
  colorMode: ColorMode;
  /** `staff_personal_agenda_enabled`: a staff-role member sees only their own column and week. */
  personalAgenda: boolean;
  locale: string;
}

/**
 * The calendar's settings: the grid's step and colour mode from `GET /api/settings/calendar`
 * (every role's to read, so a stylist's calendar draws as the desk's does); the zone and today
 * from the salon's page.
 */
export function useDeskSettings(): { settings: DeskSettings | null; error: unknown } {
  const { language } = useLanguage();
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const calendar = $api.useQuery('get', '/api/settings/calendar');
  const error = salon.error ?? calendar.error;
  if (error) return { settings: null, error };
  if (!salon.data || !calendar.data) return { settings: null, error: null };
  const mode = calendar.data.calendar_color_mode;
  return {
    error: null,
    settings: {
      timezone: salon.data.timezone,
      timeFormat: calendar.data.time_format,
      today: salon.data.today,
      firstDayOfWeek: calendar.data.first_day_of_week,
      slotMinutes: calendar.data.calendar_slot_min,
      colorMode: mode === 'staff' || mode === 'status' ? mode : 'category',
      personalAgenda: calendar.data.staff_personal_agenda_enabled === 1,
      locale: LOCALE_OF[language],
    },
  };
}

/** The salon's date and minute of the day now, in its zone, kept current each half minute. */
export function useSalonNow(timezone: string | undefined): { date: string; minute: number } | null {
  // Read afresh on every render; the tick only makes a render happen each half minute.
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!timezone) return null;
  const time = now(timezone);
  return { date: time.toString().slice(0, 10), minute: time.hour * 60 + time.minute };
}
