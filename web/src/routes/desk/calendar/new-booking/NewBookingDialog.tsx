import { useId, useRef, useState } from 'react';
import { $api, type Schemas } from '../../../../api/client';
import { useDeskBooking, type DeskBookingDraft, type DeskSeriesDraft } from '../../../../api/desk-booking';
import { useT } from '../../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../../ui/ApiForm';
import type { PageWords } from '../../../../ui/FailureAlert';
import { Button } from '../../../../ui/Button';
import { Checkbox } from '../../../../ui/Checkbox';
import { Dialog } from '../../../../ui/Dialog';
import { TextField } from '../../../../ui/TextField';
import { formatClock } from '../../../../lib/format';
import { clockOfMinutes } from '../day/time-grid';
import { dayName } from '../day-name';
import type { DeskSettings } from '../desk-settings';
import { DESK_WORDS } from '../refusals';
import { RulesOverride } from '../RulesOverride';
import { wallClock } from '../wall-clock';
import { ClientPicker, type ClientChoice } from './ClientPicker';
import { REBOOK_WEEKS, type Rebook } from './rebook';
import { NO_REPEAT, Occurrences, RepeatFields, type RepeatChoice } from './RepeatFields';
import { WaitlistPick, type WaitlistEntry } from './WaitlistPick';
import './new-booking.css';

/** The desk's words, and the refusals only this dialog meets. */
const WORDS: PageWords = {
  codes: {
    ...DESK_WORDS.codes,
    series_conflicts: 'calendar.new.seriesConflicts',
    idempotency_key_reused: 'calendar.new.keyReused',
  },
};

/** Where a new booking starts: the slot pressed, or a booking booked again (its day then the desk's to pick). */
export interface NewBookingStart {
  staffId: number;
  date: string;
  minute: number;
  rebook?: Rebook | undefined;
}

interface Part {
  key: number;
  serviceId: number;
  staffId: number;
}

/**
 * Books from an empty slot: the client (found or created, or taken with the service from a
 * waitlist entry of that day), one or several services each with its staff member (several
 * make a visit, one after the other), the time, the notes, and a repeat. The desk's rules the
 * service names are shown with the override it allows. A repeat is checked first (the
 * service's dry run): every date is listed with what saving it would meet, and the desk books
 * the dates that fit, or cancels. Requests go through api/desk-booking.ts (an Idempotency-Key
 * per attempt, kept across a lost connection); a second press while sending is ignored.
 * Rebooking fills in a booking's client, services and members and asks for the day as well.
 */
export function NewBookingDialog({
  start,
  staff,
  settings,
  onClose,
  onBooked,
}: {
  start: NewBookingStart;
  staff: Schemas['DayView']['staff'];
  settings: DeskSettings;
  onClose: () => void;
  /** The first booking's id and day. */
  onBooked: (id: number, date: string) => void;
}) {
  const t = useT();
  const services = $api.useQuery('get', '/api/services');
  const { rebook } = start;
  const [client, setClient] = useState<ClientChoice>(
    rebook ? { kind: 'existing', id: rebook.client.id, name: rebook.client.name } : null,
  );
  const [parts, setParts] = useState<Part[]>(
    rebook
      ? rebook.parts.map((part, key) => ({ key, serviceId: part.serviceId, staffId: part.staffId }))
      : [{ key: 0, serviceId: 0, staffId: start.staffId }],
  );
  const [override, setOverride] = useState(false);
  const [clientMissing, setClientMissing] = useState(false);
  const [waitlist, setWaitlist] = useState<WaitlistEntry | null>(null);
  const [repeat, setRepeat] = useState<RepeatChoice>(NO_REPEAT);
  const nextKey = useRef(parts.length);
  const bookedDate = useRef(start.date);
  const desk = useDeskBooking({
    // A client created once is the booking's client from then on, whatever the booking's answer.
    onClientCreated: (id, name) => setClient({ kind: 'existing', id, name }),
    onBooked: (id) => onBooked(id, bookedDate.current),
  });
  // A booking booked again may have a member the day's columns lack (not working that day, hidden).
  const members = [
    ...staff,
    ...(rebook?.parts ?? [])
      .filter((part, index, all) => all.findIndex((other) => other.staffId === part.staffId) === index)
      .filter((part) => !staff.some((member) => member.id === part.staffId))
      .map((part) => ({ id: part.staffId, name: part.staffName, working: [], time_off: [] })),
  ];
  const repeating = repeat.on && parts.length === 1 && waitlist === null;
  const checked = repeating ? desk.checked : undefined;
  const fitting = checked?.occurrences.filter((occurrence) => occurrence.status === 'free').length ?? 0;
  /** The draft changed: a repeat's list no longer speaks for it. */
  const changed = () => {
    if (desk.checked) desk.forget();
  };
  const chooseEntry = (entry: WaitlistEntry | null) => {
    changed();
    setWaitlist(entry);
    if (entry === null) return;
    setClient({ kind: 'existing', id: entry.client_id, name: entry.client_name });
    // New keys: the service and staff selects take the entry's as their starting values.
    const staffId =
      entry.staff_id !== null && staff.some((m) => m.id === entry.staff_id) ? entry.staff_id : start.staffId;
    setParts([{ key: nextKey.current++, serviceId: entry.service_id, staffId }]);
  };
  const time = formatClock(clockOfMinutes(start.minute), settings.locale, settings.timeFormat);
  const fieldIds = useId();
  const serviceList = services.data ?? [];

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={rebook ? t('calendar.rebook.title', { client: rebook.client.name }) : t('calendar.new.title')}
      isDismissable={!desk.sending.isPending}
    >
      <p>
        {rebook
          ? t('calendar.rebook.of', {
              services: rebook.parts.map((part) => part.serviceName).join(', '),
              day: dayName(rebook.from, settings.locale),
              time,
            })
          : t('calendar.new.when', { day: dayName(start.date, settings.locale), time })}
      </p>
      <ApiForm
        sending={desk.sending}
        words={WORDS}
        aria-label={rebook ? t('calendar.rebook.title', { client: rebook.client.name }) : t('calendar.new.title')}
        onSubmit={(form) => {
          const data = new FormData(form);
          if (client === null || (client.kind === 'new' && client.name.trim() === '')) {
            setClientMissing(true);
            return;
          }
          setClientMissing(false);
          bookedDate.current = rebook ? fieldText(form, 'date') : start.date;
          const draft: DeskBookingDraft = {
            client: client.kind === 'existing' ? { kind: 'existing', id: client.id } : client,
            startAt: wallClock(bookedDate.current, fieldText(form, 'time')),
            parts: parts.map((_part, index) => ({
              serviceId: Number(data.get(`service-${index}`)),
              staffId: Number(data.get(`staff-${index}`)),
            })),
            notes: fieldText(form, 'notes'),
            internalNotes: fieldText(form, 'internal_notes'),
            override,
            waitlistId: waitlist?.id,
          };
          if (!repeating) {
            desk.book(draft);
            return;
          }
          const series: DeskSeriesDraft = {
            ...draft,
            repeat: {
              everyWeeks: Number(repeat.everyWeeks),
              ...(repeat.ends === 'until' ? { until: repeat.until } : { count: Number(repeat.count) }),
            },
            skipDates: [],
          };
          // First the dates and what each meets; then the ones that fit, the others left out.
          if (!checked) {
            desk.check(series);
            return;
          }
          const refused = checked.occurrences.filter((occurrence) => occurrence.status === 'refused');
          desk.bookSeries({ ...series, skipDates: refused.map((occurrence) => occurrence.date) });
        }}
      >
        {!rebook && (
          <WaitlistPick date={start.date} settings={settings} chosen={waitlist?.id ?? null} onChoose={chooseEntry} />
        )}
        {waitlist && <p>{t('calendar.new.fromWaitlist', { name: waitlist.client_name })}</p>}
        {!waitlist && (
          <ClientPicker
            value={client}
            onChange={(next) => {
              changed();
              setClient(next);
            }}
          />
        )}
        {clientMissing && (
          <p role="alert" className="alert">
            {t('calendar.new.clientMissing')}
          </p>
        )}
        {rebook && (
          <TextField
            name="date"
            type="date"
            label={t('calendar.rebook.day')}
            description={t('calendar.rebook.dayHelp', { weeks: REBOOK_WEEKS })}
            defaultValue={start.date}
            onChange={changed}
            isRequired
          />
        )}
        <TextField
          name="time"
          type="time"
          label={t('calendar.new.time')}
          defaultValue={clockOfMinutes(start.minute)}
          onChange={changed}
          isRequired
        />
        <fieldset className="new-parts">
          <legend>{t('calendar.new.services')}</legend>
          {parts.map((part, index) => (
            <div
              key={part.key}
              className="new-part"
              role="group"
              aria-label={t('calendar.new.part', { number: index + 1 })}
            >
              <div className="field">
                <label htmlFor={`${fieldIds}-service-${index}`}>
                  {t('calendar.new.service', { number: index + 1 })}
                </label>
                <select
                  id={`${fieldIds}-service-${index}`}
                  name={`service-${index}`}
                  defaultValue={part.serviceId || ''}
                  onChange={changed}
                  required
                >
                  <option value="" disabled>
                    {t('calendar.new.chooseService')}
                  </option>
                  {serviceList.map((service) => (
                    <option key={service.id} value={service.id}>
                      {service.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${fieldIds}-staff-${index}`}>{t('calendar.new.staff', { number: index + 1 })}</label>
                <select
                  id={`${fieldIds}-staff-${index}`}
                  name={`staff-${index}`}
                  defaultValue={part.staffId}
                  onChange={changed}
                >
                  {members.map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.name}
                    </option>
                  ))}
                </select>
              </div>
              {parts.length > 1 && (
                <Button
                  variant="secondary"
                  onPress={() => {
                    changed();
                    setParts(parts.filter((other) => other.key !== part.key));
                  }}
                >
                  {t('calendar.new.removeService', { number: index + 1 })}
                </Button>
              )}
            </div>
          ))}
          {parts.length < 5 && !repeat.on && !waitlist && (
            <Button
              variant="secondary"
              onPress={() => {
                changed();
                setParts([...parts, { key: nextKey.current++, serviceId: 0, staffId: start.staffId }]);
              }}
            >
              {t('calendar.new.addService')}
            </Button>
          )}
        </fieldset>
        <TextField name="notes" label={t('calendar.new.notes')} description={t('calendar.new.notesHelp')} multiline />
        <TextField
          name="internal_notes"
          label={t('calendar.new.internalNotes')}
          description={t('calendar.new.internalNotesHelp')}
          multiline
        />
        {parts.length === 1 && !waitlist && (
          <RepeatFields
            value={repeat}
            onChange={(next) => {
              changed();
              setRepeat(next);
            }}
          />
        )}
        {checked && <Occurrences checked={checked} settings={settings} />}
        {repeating ? (
          // A repeat's desk rules are named per date in the list above, not by a refusal: the
          // override is offered when a date breaks them (and stays while ticked, keeping the focus).
          (override || checked?.occurrences.some((occurrence) => occurrence.overridable)) && (
            <div className="rules">
              <Checkbox
                isSelected={override}
                onChange={(next) => {
                  changed();
                  setOverride(next);
                }}
              >
                {t('calendar.rules.override')}
              </Checkbox>
            </div>
          )
        ) : (
          <RulesOverride
            error={desk.sending.error}
            override={override}
            onOverride={(next) => {
              changed();
              setOverride(next);
            }}
          />
        )}
        <div className="actions">
          <SubmitButton sending={desk.sending} isDisabled={checked !== undefined && fitting === 0}>
            {!repeating
              ? t('calendar.new.submit')
              : checked
                ? t('calendar.new.bookFitting', { count: fitting })
                : t('calendar.new.check')}
          </SubmitButton>
          <Button variant="secondary" onPress={onClose}>
            {t('calendar.new.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
