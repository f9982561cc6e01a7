import { parseDate, type CalendarDate } from '@internationalized/date';
import { useMemo, useState } from 'react';
import { moveLinkSlots, type Slot } from '../../api/availability';
import { $api } from '../../api/client';
import { useT } from '../../i18n/i18n';
import { SendButton } from '../../ui/ApiForm';
import { Loading, LoadError } from '../../ui/PageStates';
import { useSalonTime } from '../../ui/salon-time';
import { SlotPicker } from '../../ui/SlotPicker';
import type { SalonPage } from './LinkPage';

/**
 * The move link's choice of a new day and time: the shared picker, asked for the times this
 * booking can move to (its own time not busy), then one press to move. `taken`: the time pressed
 * was just taken (the caller has the times fetched again); it is no longer chosen, and the next
 * choice of a day or time clears the alert (`onChoose`).
 */
export function MoveForm({
  token,
  salon,
  sending,
  taken,
  onChoose,
  onMove,
  bookedOn,
}: {
  /** The booking's day (YYYY-MM-DD): the calendar opens on its month, where a move is most likely. */
  bookedOn: string;
  token: string;
  salon: SalonPage;
  sending: boolean;
  taken: boolean;
  onChoose: () => void;
  onMove: (slot: Slot) => void;
}) {
  const t = useT();
  const info = $api.useQuery('get', '/api/public/salon-info');
  const { span } = useSalonTime(salon);
  const source = useMemo(() => moveLinkSlots(token), [token]);
  const [date, setDate] = useState<CalendarDate | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const chosen = taken ? null : slot;

  if (info.isError) return <LoadError retry={() => void info.refetch()} />;
  if (!info.data) return <Loading />;
  return (
    <>
      <SlotPicker
        page={salon}
        maxFutureDays={info.data.booking_max_future_days}
        source={source}
        date={date}
        onDateChange={(next) => {
          setDate(next);
          onChoose();
        }}
        value={chosen}
        onChange={(next) => {
          setSlot(next);
          if (next !== null) onChoose();
        }}
        taken={taken ? t('links.move.taken') : null}
        dayTitle={t('links.move.day')}
        timeTitle={t('links.move.time')}
        idPrefix="move"
        opensOn={parseDate(bookedOn)}
      />
      <div className="link-action">
        {chosen && <p>{t('links.move.chosen', { when: span(chosen.start_at, chosen.end_at) })}</p>}
        <SendButton
          sending={{ error: null, isPending: sending }}
          isDisabled={chosen === null}
          onSend={() => chosen !== null && onMove(chosen)}
        >
          {t('links.move.action')}
        </SendButton>
      </div>
    </>
  );
}
