import { parseDate } from '@internationalized/date';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { bookingSlots, slotsQuery, type Slot } from '../../api/availability';
import { book, type Booked, type BookingDetails } from '../../api/book';
import type { Schemas } from '../../api/client';
import { errorStatus, isSlotGone } from '../../api/errors';
import { useChange } from '../../api/mutation';
import { useClientSession } from '../../api/client-session';
import { useLanguage, useT } from '../../i18n/i18n';
import { isClosedDay } from '../../lib/datetime';
import { randomKey } from '../../lib/random';
import { ApiForm, SubmitButton } from '../../ui/ApiForm';
import { Checkbox } from '../../ui/Checkbox';
import { useSalonTime } from '../../ui/salon-time';
import { SlotPicker } from '../../ui/SlotPicker';
import { TextField } from '../../ui/TextField';
import { SummaryBar } from './SummaryBar';
import { VisitCost } from './VisitCost';
import { BookingAs, SignInOffer } from './WhoBooks';
import type { ChoicesUpdate } from './choices';

// The sign-in notices travel in this chunk (BookingFlow): the booking page's, and the embedded
// page's way to sign in.
export { default as SignInFirst } from './SignInFirst';
export { EmbeddedSignIn } from './EmbeddedSignIn';
// So are the who and done steps: the first load is the salon and the services.
export { StaffStep } from './StaffStep';
export { Done } from './Done';

type SalonInfo = Schemas['SalonInfo'];
type SalonPage = Schemas['PublicSalonPage'];
type PublicService = Schemas['PublicService'];

/** Minutes from one salon time (`YYYY-MM-DD HH:MM:SS`) to another of the same day. */
function minutesBetween(start: string, end: string): number {
  return Math.round((Date.parse(end.replace(' ', 'T')) - Date.parse(start.replace(' ', 'T'))) / 60_000);
}

const NO_DETAILS: BookingDetails = {
  client_name: '',
  client_email: '',
  client_phone: '',
  notes: '',
  marketing_consent: false,
  sms_consent: false,
};

/**
 * Steps 3 to 5: the day, the time, the client's details and the booking itself. The day and the
 * time are the booking's choices in the address (`date`, `time`, BookingFlow): one that does not
 * hold (a day past, closed or too far, a time no longer free) is left out with a note until the
 * next choice. The details typed stay in the page, never in the address.
 */
export default function Schedule({
  info,
  page,
  services,
  staffId,
  date: dateChoice,
  time: timeChoice,
  choose,
  onBooked,
}: {
  info: SalonInfo;
  page: SalonPage;
  services: PublicService[];
  staffId: number | null;
  /** YYYY-MM-DD, as the address has it: not yet checked. */
  date: string | null;
  /** HH:MM, as the address has it: not yet checked. */
  time: string | null;
  choose: (update: ChoicesUpdate) => void;
  onBooked: (booked: Booked) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const serviceIds = useMemo(() => services.map((service) => service.id), [services]);
  const source = useMemo(() => bookingSlots({ serviceIds, staffId }), [serviceIds, staffId]);
  const { span } = useSalonTime(page);
  // A signed-in client books as themselves: the booking carries their name and email.
  const session = useClientSession();
  const client =
    session.status === 'signed-in' && session.client.email ? { ...session.client, email: session.client.email } : null;

  // The day asked for, if it can be booked: from the salon's today to its last bookable day, open.
  const date = useMemo(() => {
    if (dateChoice === null) return null;
    const asked = parseDate(dateChoice);
    const today = parseDate(page.today);
    const holidays = new Set(page.holidays.map((holiday) => holiday.date));
    const bookable =
      asked.compare(today) >= 0 &&
      asked.compare(today.add({ days: info.booking_max_future_days })) <= 0 &&
      !isClosedDay(asked, page.opening_hours, holidays);
    return bookable ? asked : null;
  }, [dateChoice, page.today, page.holidays, page.opening_hours, info.booking_max_future_days]);
  // The picker's own query of the day's times (the same cache entry): the time asked for among them.
  const slots = useQuery({ ...slotsQuery(source, date?.toString() ?? ''), enabled: date !== null });
  const slot =
    timeChoice === null
      ? null
      : (slots.data?.find((candidate) => candidate.start_at.slice(11, 16) === timeChoice) ?? null);
  const dayGone = dateChoice !== null && date === null;
  const timeGone = timeChoice !== null && slots.data !== undefined && slot === null;
  const [details, setDetails] = useState<BookingDetails>(NO_DETAILS);
  const [taken, setTaken] = useState(false);
  // One key per booking attempt: a double tap or a network retry sends the same key and books once.
  const idempotencyKey = useRef<string | null>(null);

  // Keyed as the request it sends: what a booking makes stale is the map's (api/invalidations.ts).
  const submit = useChange(
    serviceIds.length === 1 ? ['post', '/api/public/bookings'] : ['post', '/api/public/visits'],
    {
      mutationFn: (request: { slot: Slot; details: BookingDetails; key: string }) =>
        book({
          serviceIds,
          staffId,
          start_at: request.slot.start_at,
          details: request.details,
          idempotencyKey: request.key,
          language,
        }),
      onSuccess: (booked) => {
        idempotencyKey.current = null;
        onBooked(booked);
      },
      onError: (error) => {
        // The service answered: the next try is a new request (with a new key). A network failure
        // keeps the key, so trying again cannot book twice.
        if (errorStatus(error) !== undefined) idempotencyKey.current = null;
        // The times are asked for again (the map of invalidations); the details typed stay.
        if (isSlotGone(error)) {
          setTaken(true);
          choose({ time: null });
        }
      },
    },
  );

  // A time taken meanwhile is said at the times (SlotPicker), not as the form's alert.
  const sending = { error: isSlotGone(submit.error) ? null : submit.error, isPending: submit.isPending };

  const onSubmit = () => {
    if (!slot) return;
    idempotencyKey.current ??= randomKey();
    const who = client ? { ...details, client_name: client.name, client_email: client.email } : details;
    submit.mutate({ slot, details: who, key: idempotencyKey.current });
  };
  const setField = (field: keyof BookingDetails) => (value: string | boolean) =>
    setDetails((current) => ({ ...current, [field]: value }));

  return (
    <>
      {/* Said before the day's step, which the visitor meets next. */}
      {dayGone && (
        <p className="notice" role="status">
          {t('book.restore.day')}
        </p>
      )}
      {timeGone && !taken && (
        <p className="notice" role="status">
          {t('book.restore.time')}
        </p>
      )}
      <SlotPicker
        page={page}
        maxFutureDays={info.booking_max_future_days}
        source={source}
        date={date}
        onDateChange={(next) => {
          choose({ date: next.toString(), time: null });
          setTaken(false);
        }}
        value={slot}
        onChange={(next) => {
          choose({ time: next ? next.start_at.slice(11, 16) : null });
          if (next) setTaken(false);
        }}
        taken={taken ? t('book.times.taken') : null}
        dayTitle={t('book.day.title')}
        timeTitle={t('book.times.title')}
        idPrefix="step"
      />

      <section className="step" aria-labelledby="step-details">
        <h2 id="step-details" tabIndex={-1}>
          {t('book.details.title')}
        </h2>
        {slot && (
          <p className="summary">
            {t('book.details.summary', {
              services: services.map((service) => service.name).join(', '),
              when: span(slot.start_at, slot.end_at),
            })}
          </p>
        )}
        <VisitCost
          services={services}
          currency={info.currency}
          slotMinutes={slot ? minutesBetween(slot.start_at, slot.end_at) : null}
          cancellationWindowHours={page.cancellation_window_hours}
        />
        <ApiForm sending={sending} onSubmit={onSubmit}>
          {client ? (
            <BookingAs client={client} />
          ) : (
            <>
              <SignInOffer />
              <TextField
                name="client_name"
                label={t('book.details.name')}
                autoComplete="name"
                isRequired
                maxLength={200}
                value={details.client_name}
                onChange={setField('client_name')}
              />
              <TextField
                name="client_email"
                type="email"
                label={t('book.details.email')}
                description={t('book.details.emailHelp')}
                autoComplete="email"
                isRequired
                value={details.client_email}
                onChange={setField('client_email')}
              />
              <TextField
                name="client_phone"
                type="tel"
                label={t('book.details.phone')}
                autoComplete="tel"
                maxLength={50}
                value={details.client_phone}
                onChange={setField('client_phone')}
              />
            </>
          )}
          <TextField
            name="notes"
            label={t('book.details.notes')}
            multiline
            maxLength={1000}
            value={details.notes}
            onChange={setField('notes')}
          />
          <Checkbox
            name="marketing_consent"
            isSelected={details.marketing_consent}
            onChange={setField('marketing_consent')}
          >
            {t('book.details.marketing')}
          </Checkbox>
          <Checkbox name="sms_consent" isSelected={details.sms_consent} onChange={setField('sms_consent')}>
            {t('book.details.sms')}
          </Checkbox>
          {!slot && <p className="description">{t('book.details.chooseTime')}</p>}
          <SubmitButton sending={sending} isDisabled={!slot}>
            {info.booking_mode === 'request' ? t('book.submit.request') : t('book.submit.book')}
          </SubmitButton>
        </ApiForm>
      </section>
      <SummaryBar
        services={services.map((service) => service.name)}
        when={slot ? span(slot.start_at, slot.end_at) : null}
        next={date === null ? 'step-day' : slot === null ? 'step-time' : 'step-details'}
      />
    </>
  );
}
