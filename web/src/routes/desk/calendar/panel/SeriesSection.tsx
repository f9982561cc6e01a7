import { useId, useState } from 'react';
import { $api, type Schemas } from '../../../../api/client';
import { useApiMutation } from '../../../../api/mutation';
import { useT } from '../../../../i18n/i18n';
import { formatClock } from '../../../../lib/format';
import { ApiForm, fieldText, SendButton, SubmitButton } from '../../../../ui/ApiForm';
import { Button } from '../../../../ui/Button';
import { FailureAlert, type PageWords } from '../../../../ui/FailureAlert';
import { dayName } from '../day-name';
import type { DeskSettings } from '../desk-settings';
import { DESK_WORDS } from '../refusals';
import { RulesOverride } from '../RulesOverride';
import { wallClock } from '../wall-clock';
import { DayAndTime } from './DayAndTime';
import { refusedOccurrences } from './group-refusals';

type Booking = Schemas['Booking'];
type Series = Schemas['Series'];
const OPEN = new Set<Booking['status']>(['scheduled', 'provisional']);
/** How many of the next dates the panel lists. */
const NEXT_SHOWN = 6;

const SERIES_WORDS: PageWords = {
  codes: { ...DESK_WORDS.codes, series_conflicts: 'calendar.series.conflicts' },
};

/**
 * The repeating series a booking is an occurrence of (`GET /api/bookings/series/{id}`): its rule
 * and its next dates; this occurrence and every later one moved by the same amount (`PUT`, the
 * API's only change of a series: its rule and end stay as they were given), or the series ended
 * from this occurrence on after a question saying which bookings are cancelled and that the
 * earlier ones stay (`DELETE ?from_booking_id=`). A refused move lists every date refused, as
 * the API names them, and moves nothing.
 */
export function SeriesSection({
  seriesId,
  booking,
  settings,
  staff,
  today,
}: {
  seriesId: number;
  booking: Booking;
  settings: DeskSettings;
  staff: Schemas['DayView']['staff'];
  today: string;
}) {
  const t = useT();
  const series = $api.useQuery('get', '/api/bookings/series/{id}', { params: { path: { id: seriesId } } });
  const [asking, setAsking] = useState<'move' | 'end' | null>(null);
  if (!series.data) return null;
  const s = series.data;
  const when = (text: string) =>
    `${dayName(text.slice(0, 10), settings.locale)}, ${formatClock(text.slice(11, 16), settings.locale, settings.timeFormat)}`;
  const next = s.bookings.filter((b) => b.status !== 'cancelled' && b.start_at.slice(0, 10) >= today);
  const rule =
    s.until !== null
      ? t('calendar.series.ruleUntil', { weeks: s.every_weeks, until: dayName(s.until, settings.locale) })
      : t('calendar.series.ruleCount', { weeks: s.every_weeks, count: s.count ?? s.bookings.length });
  // What ending the series from here cancels: this occurrence and every later one still booked.
  const ending = s.bookings.filter((b) => OPEN.has(b.status) && b.start_at >= booking.start_at);
  return (
    <section className="panel-group" aria-labelledby={`series-${s.id}`}>
      <h3 id={`series-${s.id}`}>{t('calendar.series.heading')}</h3>
      <p>{rule}</p>
      <p id={`series-${s.id}-next`}>{t('calendar.series.next', { count: next.length })}</p>
      <ul aria-labelledby={`series-${s.id}-next`}>
        {next.slice(0, NEXT_SHOWN).map((b) => (
          <li key={b.id}>
            {b.id === booking.id ? t('calendar.series.thisOne', { when: when(b.start_at) }) : when(b.start_at)}
          </li>
        ))}
        {next.length > NEXT_SHOWN && <li>{t('calendar.series.more', { count: next.length - NEXT_SHOWN })}</li>}
      </ul>
      {asking === 'move' ? (
        <SeriesMove
          series={s}
          booking={booking}
          settings={settings}
          staff={staff}
          when={when}
          onDone={() => setAsking(null)}
        />
      ) : asking === 'end' ? (
        <SeriesEnd
          series={s}
          booking={booking}
          ending={ending.map((b) => when(b.start_at))}
          onDone={() => setAsking(null)}
        />
      ) : (
        OPEN.has(booking.status) && (
          <div className="actions">
            <Button variant="secondary" onPress={() => setAsking('move')}>
              {t('calendar.series.move')}
            </Button>
            <Button variant="secondary" onPress={() => setAsking('end')}>
              {t('calendar.series.end')}
            </Button>
          </div>
        )
      )}
    </section>
  );
}

/** "Move this and the later dates": a new day, time and staff member for this occurrence; the later ones follow. */
function SeriesMove({
  series,
  booking,
  settings,
  staff,
  when,
  onDone,
}: {
  series: Series;
  booking: Booking;
  settings: DeskSettings;
  staff: Schemas['DayView']['staff'];
  when: (text: string) => string;
  onDone: () => void;
}) {
  const t = useT();
  const staffId = useId();
  const [override, setOverride] = useState(false);
  const move = useApiMutation('put', '/api/bookings/series/{id}', { onSuccess: onDone });
  const refused = refusedOccurrences(move.error);
  const codeWords = SERIES_WORDS.codes ?? {};
  const members = staff.some((member) => member.id === booking.staff_id)
    ? staff
    : [...staff, { id: booking.staff_id, name: booking.staff_name, working: [], time_off: [] }];
  return (
    <ApiForm
      sending={move}
      words={SERIES_WORDS}
      aria-label={t('calendar.series.moveTitle')}
      onSubmit={(form) =>
        move.mutate({
          params: { path: { id: series.id } },
          body: {
            from_booking_id: booking.id,
            start_at: wallClock(fieldText(form, 'date'), fieldText(form, 'start_at')),
            staff_id: Number(fieldText(form, 'staff_id')),
            // Made from this occurrence as the desk showed it: changed meanwhile, nothing moves.
            version: booking.version,
            ...(override ? { override: true } : {}),
          },
        })
      }
    >
      <h4>{t('calendar.series.moveTitle')}</h4>
      <p className="description">{t('calendar.series.moveHelp')}</p>
      {refused.length > 0 && (
        <ul className="occurrences" aria-label={t('calendar.series.refusedList')}>
          {refused.map((occurrence) => {
            const key = codeWords[occurrence.code];
            return (
              <li key={occurrence.startAt}>
                {t('calendar.series.refusedDate', {
                  when: when(occurrence.startAt),
                  why: key ? t(key) : occurrence.code,
                })}
              </li>
            );
          })}
        </ul>
      )}
      <DayAndTime start={booking.start_at} />
      <div className="field">
        <label htmlFor={staffId}>{t('calendar.move.staff')}</label>
        <select id={staffId} name="staff_id" defaultValue={booking.staff_id}>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      </div>
      <RulesOverride error={move.error} override={override} onOverride={setOverride} />
      <div className="actions">
        <SubmitButton sending={move}>{t('calendar.series.moveSubmit')}</SubmitButton>
        <Button variant="secondary" onPress={onDone}>
          {t('calendar.move.back')}
        </Button>
      </div>
      <p className="description">{t('calendar.move.zone', { zone: settings.timezone })}</p>
    </ApiForm>
  );
}

/** "End the series from here?": which bookings are cancelled, and that the earlier ones stay. */
function SeriesEnd({
  series,
  booking,
  ending,
  onDone,
}: {
  series: Series;
  booking: Booking;
  ending: string[];
  onDone: () => void;
}) {
  const t = useT();
  const end = useApiMutation('delete', '/api/bookings/series/{id}', { onSuccess: onDone });
  const question = t('calendar.series.endQuestion', { count: ending.length });
  return (
    <div role="group" aria-label={question}>
      <p>{question}</p>
      <ul>
        {ending.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <p>{t('calendar.series.endKept')}</p>
      <FailureAlert error={end.error} words={SERIES_WORDS} />
      <div className="actions">
        <SendButton
          sending={end}
          onSend={() => end.mutate({ params: { path: { id: series.id }, query: { from_booking_id: booking.id } } })}
        >
          {t('calendar.series.endYes')}
        </SendButton>
        <Button variant="secondary" onPress={onDone}>
          {t('calendar.panel.cancelNo')}
        </Button>
      </div>
    </div>
  );
}
