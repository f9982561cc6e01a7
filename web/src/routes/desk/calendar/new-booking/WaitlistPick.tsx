import { useId } from 'react';
import { $api, type Schemas } from '../../../../api/client';
import { asPage } from '../../../../api/pages';
import { useT } from '../../../../i18n/i18n';
import { formatClock } from '../../../../lib/format';
import type { DeskSettings } from '../desk-settings';

export type WaitlistEntry = Schemas['WaitlistEntry'];

/** Open entries: still waiting, or offered a freed time the client has not taken up yet. */
const OPEN: ReadonlySet<WaitlistEntry['status']> = new Set(['waiting', 'offered']);

/**
 * The waitlist's open entries for the slot's day (`GET /api/waitlist?date=`), as radio buttons:
 * one chosen fills in the booking's client and service (and its staff member, when the entry
 * names one), and the booking sends its `waitlist_id`, with which the service marks the entry
 * booked in the booking's own transaction. Absent when nobody waits for that day.
 */
export function WaitlistPick({
  date,
  settings,
  chosen,
  onChoose,
}: {
  date: string;
  settings: DeskSettings;
  chosen: number | null;
  onChoose: (entry: WaitlistEntry | null) => void;
}) {
  const t = useT();
  const labelId = useId();
  const entries = $api.useQuery('get', '/api/waitlist', { params: { query: { date, status: 'all' } } });
  const open = entries.data ? asPage(entries.data).data.filter((entry) => OPEN.has(entry.status)) : [];
  if (open.length === 0) return null;
  const clock = (hhmm: string) => formatClock(hhmm.slice(0, 5), settings.locale, settings.timeFormat);
  const window = (entry: WaitlistEntry) =>
    entry.time_from && entry.time_to
      ? t('calendar.new.waitlistWindow', { from: clock(entry.time_from), to: clock(entry.time_to) })
      : entry.time_from
        ? t('calendar.new.waitlistFrom', { from: clock(entry.time_from) })
        : entry.time_to
          ? t('calendar.new.waitlistUntil', { to: clock(entry.time_to) })
          : t('calendar.new.waitlistAnyTime');
  return (
    <fieldset className="waitlist-pick">
      <legend id={labelId}>{t('calendar.new.waitlist')}</legend>
      <p className="help">{t('calendar.new.waitlistHelp')}</p>
      <div role="radiogroup" aria-labelledby={labelId} className="client-matches">
        <label className="client-match">
          <input type="radio" name="waitlist_id" checked={chosen === null} onChange={() => onChoose(null)} />{' '}
          {t('calendar.new.waitlistNone')}
        </label>
        {open.map((entry) => (
          <label key={entry.id} className="client-match">
            <input
              type="radio"
              name="waitlist_id"
              value={entry.id}
              checked={chosen === entry.id}
              onChange={() => onChoose(entry)}
            />{' '}
            {[
              entry.client_name,
              entry.service_name,
              window(entry),
              entry.staff_name ? t('calendar.new.waitlistWith', { name: entry.staff_name }) : null,
              entry.status === 'offered' ? t('calendar.new.waitlistOffered') : null,
            ]
              .filter(Boolean)
              .join(', ')}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
