import { parseDate, type CalendarDate, type DateValue } from '@internationalized/date';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Form, Radio, RadioGroup } from 'react-aria-components';
import { availabilityQuery, AVAILABILITY_KEY, type Slot } from '../../api/availability';
import { book, type Booked, type BookingDetails } from '../../api/book';
import { ApiError, type Schemas } from '../../api/client';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { isClosedDay, wallClockInstant, weekStart } from '../../lib/datetime';
import { formatDay, formatTime } from '../../lib/format';
import { randomKey } from '../../lib/random';
import { Button } from '../../ui/Button';
import { Calendar } from '../../ui/Calendar';
import { Checkbox } from '../../ui/Checkbox';
import { TextField } from '../../ui/TextField';

type SalonInfo = Schemas['SalonInfo'];
type SalonPage = Schemas['PublicSalonPage'];
type PublicService = Schemas['PublicService'];

const NO_DETAILS: BookingDetails = {
  client_name: '',
  client_email: '',
  client_phone: '',
  notes: '',
  marketing_consent: false,
  sms_consent: false,
};

/** The answers that mean "this time is no longer free": the times are fetched again. */
const TAKEN = new Set(['slot_taken', 'resource_unavailable', 'not_a_slot', 'inside_lead_time', 'slot_in_past']);

/** Steps 3 to 5: the day, the time, the client's details and the booking itself. */
export default function Schedule({
  info,
  page,
  services,
  staffId,
  onBooked,
}: {
  info: SalonInfo;
  page: SalonPage;
  services: PublicService[];
  staffId: number | null;
  onBooked: (booked: Booked) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const queryClient = useQueryClient();
  const serviceIds = useMemo(() => services.map((service) => service.id), [services]);
  const today = parseDate(page.today);
  const lastDay = today.add({ days: info.booking_max_future_days });
  const holidays = useMemo(() => new Set(page.holidays.map((holiday) => holiday.date)), [page.holidays]);
  const closed = (date: DateValue) => isClosedDay(date, page.opening_hours, holidays);

  const [date, setDate] = useState<CalendarDate | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [details, setDetails] = useState<BookingDetails>(NO_DETAILS);
  const [taken, setTaken] = useState(false);
  const timesHeading = useRef<HTMLHeadingElement>(null);
  // One key per booking attempt: a double tap or a network retry sends the same key and books once.
  const idempotencyKey = useRef<string | null>(null);

  const slots = useQuery({
    ...availabilityQuery({ date: date?.toString() ?? '', serviceIds, staffId }),
    enabled: date !== null,
  });

  const instant = (text: string) => wallClockInstant(text, page.timezone);
  const time = (text: string) => formatTime(instant(text), locale, page.time_format, page.timezone);
  const day = (text: string) => formatDay(instant(text), locale, page.timezone);
  const fullLabel = (candidate: Slot) =>
    t('book.times.slot', { day: day(candidate.start_at), from: time(candidate.start_at), to: time(candidate.end_at) });
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const submit = useMutation({
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
      void queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY });
      onBooked(booked);
    },
    onError: (error) => {
      // The service answered: the next try is a new request (with a new key). A network failure
      // keeps the key, so trying again cannot book twice.
      if (error instanceof ApiError) idempotencyKey.current = null;
      if (error instanceof ApiError && error.code !== undefined && TAKEN.has(error.code)) {
        setTaken(true);
        setSlot(null);
        void queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY });
        timesHeading.current?.focus();
      }
    },
  });

  const serverErrors =
    submit.error instanceof ApiError && submit.error.status === 400
      ? Object.fromEntries((submit.error.body?.details ?? []).map((detail) => [detail.field, detail.message]))
      : {};
  const otherError =
    submit.error && !(submit.error instanceof ApiError && submit.error.code && TAKEN.has(submit.error.code))
      ? submit.error instanceof ApiError && submit.error.status === 429
        ? t('book.error.tooMany')
        : submit.error instanceof ApiError && submit.error.status === 400
          ? t('book.error.invalid')
          : t('book.error.failed')
      : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!slot || submit.isPending) return;
    idempotencyKey.current ??= randomKey();
    submit.mutate({ slot, details, key: idempotencyKey.current });
  };
  const setField = (field: keyof BookingDetails) => (value: string | boolean) =>
    setDetails((current) => ({ ...current, [field]: value }));

  return (
    <>
      <section className="step" aria-labelledby="step-day">
        <h2 id="step-day">{t('book.day.title')}</h2>
        <Calendar
          aria-labelledby="step-day"
          value={date}
          onChange={(next) => {
            setDate(next);
            setSlot(null);
            setTaken(false);
          }}
          minValue={today}
          maxValue={lastDay}
          isDateUnavailable={closed}
          firstDayOfWeek={weekStart(page.first_day_of_week)}
          previousLabel={t('book.day.previous')}
          nextLabel={t('book.day.next')}
        />
      </section>

      {date && (
        <section className="step" aria-labelledby="step-time">
          <h2 id="step-time" ref={timesHeading} tabIndex={-1}>
            {t('book.times.title')}
          </h2>
          {taken && (
            <p role="alert" className="alert">
              {t('book.times.taken')}
            </p>
          )}
          {page.timezone !== browserZone && <p>{t('book.times.zone', { zone: page.timezone })}</p>}
          <p role="status" aria-live="polite">
            {slots.isPending
              ? t('book.times.loading')
              : slots.isError
                ? t('book.times.failed')
                : slots.data.length === 0
                  ? t('book.times.none', { day: day(`${date.toString()} 12:00:00`) })
                  : t('book.times.count', { count: slots.data.length, day: day(`${date.toString()} 12:00:00`) })}
          </p>
          {slots.data && slots.data.length > 0 && (
            <RadioGroup
              aria-labelledby="step-time"
              className="radio-list"
              value={slot?.start_at ?? null}
              onChange={(start) => {
                setSlot(slots.data.find((candidate) => candidate.start_at === start) ?? null);
                setTaken(false);
              }}
            >
              {slots.data.map((candidate) => (
                <Radio
                  key={candidate.start_at}
                  value={candidate.start_at}
                  className="radio"
                  aria-label={fullLabel(candidate)}
                >
                  {time(candidate.start_at)}
                </Radio>
              ))}
            </RadioGroup>
          )}
          {slots.isError && (
            <Button variant="secondary" onPress={() => void slots.refetch()}>
              {t('app.error.retry')}
            </Button>
          )}
        </section>
      )}

      <section className="step" aria-labelledby="step-details">
        <h2 id="step-details">{t('book.details.title')}</h2>
        {slot && (
          <p className="summary">
            {t('book.details.summary', {
              services: services.map((service) => service.name).join(', '),
              when: fullLabel(slot),
            })}
          </p>
        )}
        <Form onSubmit={onSubmit} validationErrors={serverErrors}>
          {otherError && (
            <p role="alert" className="alert">
              {otherError}
            </p>
          )}
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
          {/* Not React Aria's isPending: its announcement points at the button, which the done
              page removes. The button stays focusable while sending; a second press is ignored. */}
          <Button type="submit" isDisabled={!slot}>
            {submit.isPending
              ? t('book.submit.sending')
              : info.booking_mode === 'request'
                ? t('book.submit.request')
                : t('book.submit.book')}
          </Button>
        </Form>
      </section>
    </>
  );
}
