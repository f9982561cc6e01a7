import type { Schemas } from '../../api/client';
import type { useT } from '../../i18n/i18n';

/** The wished hours of an entry in words: "13:00–16:00", "from 13:00", "until 16:00" or "Any time". */
export function windowText(entry: Schemas['WaitlistEntry'], t: ReturnType<typeof useT>): string {
  const from = entry.time_from?.slice(0, 5);
  const to = entry.time_to?.slice(0, 5);
  if (from && to) return `${from}–${to}`;
  if (from) return t('waitlist.window.from', { from });
  if (to) return t('waitlist.window.until', { to });
  return t('waitlist.entry.anyTime');
}
