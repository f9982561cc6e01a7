import { $api, type Schemas } from '../../../../api/client';
import { useT, type MessageKey } from '../../../../i18n/i18n';
import { formatClock } from '../../../../lib/format';
import { FailureAlert } from '../../../../ui/FailureAlert';
import { STATUS_WORD } from '../day/booking-words';
import type { DeskSettings } from '../desk-settings';

type Entry = Schemas['BookingHistoryEntry'];

/** "27 Nov" of `2026-11-27 …` (read at noon UTC: only the date counts). */
function shortDate(text: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${text.slice(0, 10)}T12:00:00Z`),
  );
}

/**
 * The booking's history, oldest first, one line per change: "Moved from 10:00 to 11:00 by Ana,
 * 27 Nov 14:02". Kept by the service for as long as the booking (`GET /bookings/:id/history`).
 */
export function BookingHistory({ id, settings }: { id: number; settings: DeskSettings }) {
  const t = useT();
  const history = $api.useQuery('get', '/api/bookings/{id}/history', { params: { path: { id } } });
  const clock = (text: string) => formatClock(text.slice(11, 16), settings.locale, settings.timeFormat);
  const when = (text: string) => `${shortDate(text, settings.locale)} ${clock(text)}`;
  // A time on the booking's own day is its clock; on another day, with that day.
  const time = (text: string, other: string) => (text.slice(0, 10) === other.slice(0, 10) ? clock(text) : when(text));

  const lines = (entry: Entry): { key: string; message: MessageKey; values: Record<string, string> }[] => {
    const who =
      entry.by === 'user'
        ? (entry.user?.name ?? '')
        : t(entry.by === 'client' ? 'calendar.history.byClient' : 'calendar.history.bySystem');
    const common = { who, when: when(entry.at) };
    if (entry.kind === 'created') return [{ key: 'created', message: 'calendar.history.created', values: common }];
    const found: { key: string; message: MessageKey; values: Record<string, string> }[] = [];
    if (entry.moved) {
      const { from_start_at: from, to_start_at: to } = entry.moved;
      found.push({
        key: 'moved',
        message: 'calendar.history.moved',
        values: { ...common, from: time(from, to), to: time(to, from) },
      });
    }
    if (entry.status) {
      found.push({
        key: 'status',
        message: 'calendar.history.status',
        values: { ...common, from: t(STATUS_WORD[entry.status.from]), to: t(STATUS_WORD[entry.status.to]) },
      });
    }
    if (entry.staff) {
      found.push({
        key: 'staff',
        message: 'calendar.history.staff',
        values: { ...common, from: entry.staff.from.name, to: entry.staff.to.name },
      });
    }
    if (entry.service) {
      found.push({
        key: 'service',
        message: 'calendar.history.service',
        values: { ...common, from: entry.service.from.name, to: entry.service.to.name },
      });
    }
    if (entry.notes_changed) found.push({ key: 'notes', message: 'calendar.history.notes', values: common });
    if (entry.internal_notes_changed) {
      found.push({ key: 'internal', message: 'calendar.history.internalNotes', values: common });
    }
    return found;
  };

  return (
    <section className="panel-history" aria-labelledby={`history-${id}`}>
      <h3 id={`history-${id}`}>{t('calendar.history.title')}</h3>
      <FailureAlert error={history.error} />
      {history.data && history.data.length === 0 && <p>{t('calendar.history.none')}</p>}
      {history.data && history.data.length > 0 && (
        <ol>
          {history.data.flatMap((entry) =>
            lines(entry).map((line) => <li key={`${entry.id}-${line.key}`}>{t(line.message, line.values)}</li>),
          )}
        </ol>
      )}
    </section>
  );
}
