import { useEffect, useId, useRef } from 'react';
import type { SeriesCheck } from '../../../../api/desk-booking';
import { useT, type MessageKey } from '../../../../i18n/i18n';
import { formatClock } from '../../../../lib/format';
import { NativeCheckbox } from '../../../../ui/NativeCheckbox';
import { TextField } from '../../../../ui/TextField';
import { dayName } from '../day-name';
import type { DeskSettings } from '../desk-settings';

/** The repeat as the form holds it (the fields' text, read into numbers on submit). */
export interface RepeatChoice {
  on: boolean;
  everyWeeks: string;
  ends: 'count' | 'until';
  count: string;
  until: string;
}

export const NO_REPEAT: RepeatChoice = { on: false, everyWeeks: '1', ends: 'count', count: '4', until: '' };

/** What a refusal's code says, as the API names it: the desk's rules and the conflicts no override lifts. */
const REASONS: Record<string, MessageKey> = {
  staff_not_bookable: 'calendar.rule.staff_not_bookable',
  service_not_performed: 'calendar.rule.service_not_performed',
  in_the_past: 'calendar.rule.in_the_past',
  outside_working_time: 'calendar.rule.outside_working_time',
  shorter_than_service: 'calendar.rule.shorter_than_service',
  booking_overlap: 'calendar.refusal.booking_overlap',
  resource_unavailable: 'calendar.refusal.resource_unavailable',
  holiday: 'calendar.refusal.holiday',
};

/** Every how many weeks, and until a date or for a number of times. */
export function RepeatFields({ value, onChange }: { value: RepeatChoice; onChange: (next: RepeatChoice) => void }) {
  const t = useT();
  const endsId = useId();
  return (
    <fieldset className="new-repeat">
      <legend>{t('calendar.new.repeat')}</legend>
      <NativeCheckbox checked={value.on} onChange={(on) => onChange({ ...value, on })}>
        {t('calendar.new.repeatOn')}
      </NativeCheckbox>
      {value.on && (
        <>
          <TextField
            name="every_weeks"
            type="text"
            inputMode="numeric"
            label={t('calendar.new.repeatEvery')}
            value={value.everyWeeks}
            onChange={(everyWeeks) => onChange({ ...value, everyWeeks })}
            isRequired
            pattern="[0-9]{1,2}"
          />
          <div role="radiogroup" aria-labelledby={endsId} className="client-matches">
            <p id={endsId}>{t('calendar.new.repeatEnds')}</p>
            <label className="client-match">
              <input
                type="radio"
                name="repeat_ends"
                checked={value.ends === 'count'}
                onChange={() => onChange({ ...value, ends: 'count' })}
              />{' '}
              {t('calendar.new.repeatCount')}
            </label>
            <label className="client-match">
              <input
                type="radio"
                name="repeat_ends"
                checked={value.ends === 'until'}
                onChange={() => onChange({ ...value, ends: 'until' })}
              />{' '}
              {t('calendar.new.repeatUntil')}
            </label>
          </div>
          {value.ends === 'count' ? (
            <TextField
              name="count"
              type="text"
              inputMode="numeric"
              label={t('calendar.new.repeatTimes')}
              value={value.count}
              onChange={(count) => onChange({ ...value, count })}
              isRequired
              pattern="[0-9]{1,3}"
            />
          ) : (
            <TextField
              name="until"
              type="date"
              label={t('calendar.new.repeatLastDay')}
              value={value.until}
              onChange={(until) => onChange({ ...value, until })}
              isRequired
            />
          )}
        </>
      )}
    </fieldset>
  );
}

/**
 * Each date of the repeat with what saving it would meet (the service's dry run), before
 * anything is saved: free, refused (with the reason as the API names it, and whether the
 * desk's override lifts it), or left out. Told in words, never by colour alone.
 */
export function Occurrences({ checked, settings }: { checked: SeriesCheck; settings: DeskSettings }) {
  const t = useT();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The list is the answer to "Check the dates": the focus goes to it, so it is read out.
  useEffect(() => heading.current?.focus(), [checked]);
  const free = checked.occurrences.filter((occurrence) => occurrence.status === 'free').length;
  return (
    <section className="occurrences" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {t('calendar.new.occurrences', { free, total: checked.occurrences.length })}
      </h3>
      <ul>
        {checked.occurrences.map((occurrence) => {
          const when = t('calendar.new.occurrenceWhen', {
            day: dayName(occurrence.date, settings.locale),
            time: formatClock(occurrence.start_at.slice(11, 16), settings.locale, settings.timeFormat),
          });
          const reasons = occurrence.codes.map((code) => {
            const key = REASONS[code];
            return key ? t(key) : (occurrence.message ?? code);
          });
          return (
            <li key={occurrence.start_at} data-status={occurrence.status}>
              {occurrence.status === 'free' &&
                (occurrence.overridden.length > 0
                  ? t('calendar.new.occurrenceOverridden', { when })
                  : t('calendar.new.occurrenceFree', { when }))}
              {occurrence.status === 'skipped' && t('calendar.new.occurrenceSkipped', { when })}
              {occurrence.status === 'refused' &&
                t(occurrence.overridable ? 'calendar.new.occurrenceOverridable' : 'calendar.new.occurrenceRefused', {
                  when,
                  reasons: reasons.join('; '),
                })}
            </li>
          );
        })}
      </ul>
      {free === 0 && <p>{t('calendar.new.noneFit')}</p>}
    </section>
  );
}
