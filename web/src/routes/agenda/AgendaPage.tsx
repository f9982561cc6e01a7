import { useMemo } from 'react';
import { todayInZone, type AgendaEntry } from '../../api/offline-agenda';
import { useSession } from '../../api/session';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { wallClockInstant } from '../../lib/datetime';
import { formatDay, formatTime } from '../../lib/format';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import { AgendaBooking } from './AgendaBooking';
import { useAgenda } from './use-agenda';
import './agenda.css';

/**
 * The stylist's agenda on a phone (`/agenda`): their own bookings of today and the next days as
 * a list, a day per section, each booking with its client's phone and notes and its actions. A
 * list rather than the desk's staff-column grid: a phone is one column wide, and a stylist
 * between two cuts reads "who is next", not the salon's day. Without a network it shows the
 * phone's copy (when the salon keeps one, `offline_mode_enabled`) under a banner saying how old
 * it is; see AgendaBooking for what happens to the actions then.
 */
export function AgendaPage() {
  const t = useT();
  useTitle(t('agenda.title'));
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  if (!user) return <Loading />;
  return <Agenda user={user} offlineSession={session.status === 'signed-in' && session.offline === true} />;
}

function Agenda({ user, offlineSession }: { user: Parameters<typeof useAgenda>[0]; offlineSession: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const view = useAgenda(user, offlineSession);
  const days = useMemo(() => {
    if (view.state !== 'ready') return [];
    const byDay = new Map<string, AgendaEntry[]>();
    // Today always has its section (saying it is free); the other days only when booked.
    byDay.set(todayInZone(view.agenda.timezone), []);
    for (const entry of view.agenda.entries) {
      const day = entry.booking.start_at.slice(0, 10);
      byDay.set(day, [...(byDay.get(day) ?? []), entry]);
    }
    return [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [view]);

  if (view.state === 'loading') return <Loading />;
  if (view.state === 'failed') return <LoadError retry={view.retry} />;
  if (view.state === 'unavailable') {
    return (
      <>
        <h1>{t('agenda.title')}</h1>
        <p role="alert" className="alert">
          {t('agenda.unavailable')}
        </p>
      </>
    );
  }
  const { timezone } = view.agenda;
  const { timeFormat } = view.switches;
  const time = (text: string) => formatTime(wallClockInstant(text, timezone), locale, timeFormat, timezone);
  const today = todayInZone(timezone);
  return (
    <div className="agenda">
      <h1>{t('agenda.title')}</h1>
      {view.asOf !== null && (
        <p className="agenda-offline" role="status">
          {t('agenda.offlineAsOf', { time: formatTime(new Date(view.asOf), locale, timeFormat, timezone) })}
        </p>
      )}
      {days.map(([day, entries]) => {
        const name = formatDay(wallClockInstant(`${day} 12:00:00`, timezone), locale, timezone);
        return (
          <section key={day} aria-labelledby={`agenda-day-${day}`} className="agenda-day">
            <h2 id={`agenda-day-${day}`}>{day === today ? t('agenda.today', { day: name }) : name}</h2>
            {entries.length === 0 ? (
              <p>{t('agenda.free')}</p>
            ) : (
              <ul className="agenda-list">
                {entries.map((entry) => (
                  <AgendaBooking
                    key={entry.booking.id}
                    entry={entry}
                    span={t('agenda.span', { from: time(entry.booking.start_at), to: time(entry.booking.end_at) })}
                    switches={view.switches}
                    offline={view.asOf !== null}
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
