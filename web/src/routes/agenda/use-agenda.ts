import { useEffect, useState } from 'react';
import { $api, type Schemas } from '../../api/client';
import { ConnectionError } from '../../api/errors';
import {
  AGENDA_DAYS,
  eraseAgenda,
  keepAgenda,
  keptAgenda,
  type AgendaAnswer,
  type KeptAgenda,
  type PhoneSwitches,
} from '../../api/offline-agenda';

export type AgendaView =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown; retry: () => void }
  /** No network, and nothing kept for this person (the switch off, or never read here). */
  | { state: 'unavailable' }
  | {
      state: 'ready';
      agenda: AgendaAnswer;
      switches: PhoneSwitches;
      /** When what is shown was read, when it comes from the phone's copy; null when live. */
      asOf: string | null;
    };

/**
 * The signed-in person's agenda: the service's when it answers (kept on the phone when the
 * salon has `offline_mode_enabled`, erased when not), the phone's copy when there is no
 * network. Asked once, without retries: no network should show the copy at once, not after a
 * few seconds of trying; the query is asked again when the browser is back online.
 */
export function useAgenda(user: Schemas['SessionUser'], offlineSession: boolean): AgendaView {
  const live = { enabled: !offlineSession, retry: false, networkMode: 'always' } as const;
  const settings = $api.useQuery('get', '/api/settings/calendar', {}, live);
  const agenda = $api.useQuery('get', '/api/bookings/agenda', { params: { query: { days: AGENDA_DAYS } } }, live);
  const unreachable =
    offlineSession || agenda.error instanceof ConnectionError || settings.error instanceof ConnectionError;
  const [kept, setKept] = useState<KeptAgenda | null | undefined>(undefined);

  useEffect(() => {
    if (!unreachable) return;
    let current = true;
    void keptAgenda()
      .catch(() => null)
      .then((found) => {
        if (current) setKept(found && found.user.id === user.id ? found : null);
      });
    return () => {
      current = false;
    };
  }, [unreachable, user.id]);

  const switches: PhoneSwitches | null = settings.data
    ? {
        offline: settings.data.offline_mode_enabled === 1,
        swipe: settings.data.swipe_actions_enabled === 1,
        longPress: settings.data.longpress_contact_enabled === 1,
        haptics: settings.data.haptic_feedback_enabled === 1,
        timeFormat: settings.data.time_format,
      }
    : null;

  const answer = agenda.data;
  const readAt = agenda.dataUpdatedAt;
  useEffect(() => {
    if (!answer || !switches) return;
    if (switches.offline) void keepAgenda({ user, savedAt: new Date(readAt).toISOString(), agenda: answer, switches });
    else void eraseAgenda();
    // `switches` is rebuilt each render: its parts are the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    answer,
    readAt,
    user,
    switches?.offline,
    switches?.swipe,
    switches?.longPress,
    switches?.haptics,
    switches?.timeFormat,
  ]);

  if (unreachable) {
    if (kept === undefined) return { state: 'loading' };
    if (kept === null) return { state: 'unavailable' };
    return { state: 'ready', agenda: kept.agenda, switches: kept.switches, asOf: kept.savedAt };
  }
  const error = agenda.error ?? settings.error;
  if (error) {
    return {
      state: 'failed',
      error,
      retry: () => {
        void agenda.refetch();
        void settings.refetch();
      },
    };
  }
  if (!answer || !switches) return { state: 'loading' };
  return { state: 'ready', agenda: answer, switches, asOf: null };
}
