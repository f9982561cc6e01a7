import { useState } from 'react';
import { useApiMutation } from '../../../../api/mutation';
import { useT } from '../../../../i18n/i18n';
import { SendButton } from '../../../../ui/ApiForm';
import { Button } from '../../../../ui/Button';
import { FailureAlert } from '../../../../ui/FailureAlert';
import { clockText } from '../day/clock-text';
import { clockOfMinutes } from '../day/time-grid';
import { brokenRules } from '../refusals';
import { wallClock } from '../wall-clock';
import { DESK_WORDS } from '../refusals';
import { CONFLICT_WORD } from './move-words';
import type { Drag } from './use-booking-drag';
import './move.css';

/**
 * A dropped booking sent to the service: `PUT /api/bookings/:id` with its new start, end and
 * member, and the `version` the desk saw (a booking changed meanwhile is refused with 409
 * `booking_changed`, never overwritten). Until the service answers, the drop stays drawn where it
 * lands; refused, the booking is where it was (the day is read again) and the reason is said.
 */
export function useDropMove() {
  const move = useApiMutation('put', '/api/bookings/{id}');
  const [sent, setSent] = useState<{ drag: Drag; override: boolean } | null>(null);
  const send = (drag: Drag, override = false) => {
    const { booking, place, kind } = drag;
    const date = booking.start_at.slice(0, 10);
    const end = wallClock(date, clockOfMinutes(place.end));
    setSent({ drag, override });
    move.mutate({
      params: { path: { id: booking.id } },
      body:
        kind === 'resize'
          ? { end_at: end, version: booking.version, ...(override ? { override: true } : {}) }
          : {
              start_at: wallClock(date, clockOfMinutes(place.start)),
              end_at: end,
              staff_id: place.staffId,
              version: booking.version,
              ...(override ? { override: true } : {}),
            },
    });
  };
  const dismiss = () => {
    move.reset();
    setSent(null);
  };
  return {
    send,
    dismiss,
    /** The drop on its way: drawn where it lands until the service answers. */
    pending: move.isPending ? (sent?.drag ?? null) : null,
    move,
    sent,
  };
}

/** Where a dragged booking would land: its time and member, and each conflict the service would raise there. */
export function DropPreview({
  drag,
  staffName,
  gridStart,
  slotMinutes,
  locale,
  timeFormat,
  pending = false,
}: {
  drag: Drag;
  staffName: string;
  gridStart: number;
  slotMinutes: number;
  locale: string;
  timeFormat: string;
  pending?: boolean;
}) {
  const t = useT();
  const { place, conflicts } = drag;
  const clock = (minute: number) => clockText(clockOfMinutes(minute), locale, timeFormat);
  return (
    <div
      className="drop-preview"
      data-conflict={conflicts.length > 0 || undefined}
      data-pending={pending || undefined}
      style={{
        top: `calc(var(--slot-height) * ${(place.start - gridStart) / slotMinutes})`,
        height: `calc(var(--slot-height) * ${(place.end - place.start) / slotMinutes})`,
      }}
    >
      <strong>
        {t(pending ? 'calendar.drop.moving' : 'calendar.drop.target', {
          start: clock(place.start),
          end: clock(place.end),
          staff: staffName,
        })}
      </strong>
      {conflicts.map((conflict) => (
        <span key={conflict} className="drop-conflict">
          ⚠ {t(CONFLICT_WORD[conflict])}
        </span>
      ))}
    </div>
  );
}

/**
 * What became of the last drop, above the grid: refused, the reason as the API names it, the
 * desk's rules it broke with the override the API allows ("Move anyway"), and a way to close it;
 * done, a short note for a screen reader. A refused booking is back where it was.
 */
export function DropOutcome({
  drop,
  date,
  staffName,
  clock,
}: {
  drop: ReturnType<typeof useDropMove>;
  /** The day shown: what became of a drop made on another day is not this day's news. */
  date: string;
  staffName: (id: number) => string;
  /** A minute of the day as the salon writes its times. */
  clock: (minute: number) => string;
}) {
  const t = useT();
  const { move, sent } = drop;
  if (!sent || sent.drag.booking.start_at.slice(0, 10) !== date) return null;
  const { booking, place } = sent.drag;
  const words = {
    client: booking.client_name,
    start: clock(place.start),
    end: clock(place.end),
    staff: staffName(place.staffId),
  };
  if (move.isSuccess) {
    return (
      <p className="drop-outcome" role="status">
        {t('calendar.drop.moved', words)}
      </p>
    );
  }
  if (!move.error) return null;
  const rules = brokenRules(move.error);
  return (
    <div className="drop-outcome" data-refused="true">
      <p>{t('calendar.drop.refused', words)}</p>
      <FailureAlert error={move.error} words={DESK_WORDS} />
      {rules.length > 0 && (
        <>
          <p>{t('calendar.rules.broken')}</p>
          <ul>
            {rules.map((rule) => (
              <li key={rule}>{t(rule)}</li>
            ))}
          </ul>
        </>
      )}
      <div className="actions">
        {rules.length > 0 && (
          <SendButton sending={move} variant="secondary" onSend={() => drop.send(sent.drag, true)}>
            {t('calendar.drop.override')}
          </SendButton>
        )}
        <Button variant="secondary" onPress={drop.dismiss}>
          {t('calendar.drop.dismiss')}
        </Button>
      </div>
    </div>
  );
}
