import { now } from '@internationalized/date';
import { useEffect, useState } from 'react';
import { $api, type Schemas } from '../../../api/client';
import { useSession } from '../../../api/session';
import { LOCALE_OF, useLanguage } from '../../../i18n/i18n';

export type ColorMode = 'category' | 'staff' | 'status';

/** What the calendar draws by: the salon's page (every role) and, for an admin, the settings' calendar_*. */
export interface DeskSettings {
  timezone: string;
  timeFormat: string;
  today: string;
  firstDayOfWeek: number;
  slotMinutes: number;
  colorMode: ColorMode;
  locale: string;
}

/**
 * The calendar's settings. `GET /api/settings` answers admins only, so a staff member's calendar
 * draws with the defaults of `calendar_slot_min` (15) and `calendar_color_mode` (category); the
 * zone, time format and today come from the salon's page, which everyone may read.
 */
export function useDeskSettings(): { settings: DeskSettings | null; error: unknown } {
  const session = useSession();
  const isAdmin = session.status === 'signed-in' && session.user.role === 'admin';
  const { language } = useLanguage();
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const settings = $api.useQuery('get', '/api/settings', {}, { enabled: isAdmin });
  if (salon.error) return { settings: null, error: salon.error };
  if (!salon.data || (isAdmin && !settings.data && !settings.error)) return { settings: null, error: null };
  const own = settings.data as Partial<Schemas['Settings']> | undefined;
  const mode = own?.calendar_color_mode;
  return {
    error: null,
    settings: {
      timezone: salon.data.timezone,
      timeFormat: salon.data.time_format,
      today: salon.data.today,
      firstDayOfWeek: salon.data.first_day_of_week,
      slotMinutes: own?.calendar_slot_min ?? 15,
      colorMode: mode === 'staff' || mode === 'status' ? mode : 'category',
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
