import { parseDate, type CalendarDate, type DateValue } from '@internationalized/date';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Radio, RadioGroup } from 'react-aria-components';
import { slotsQuery, type Slot, type SlotSource } from '../api/availability';
import type { Schemas } from '../api/client';
import { useT } from '../i18n/i18n';
import { isClosedDay, weekStart } from '../lib/datetime';
import { Button } from './Button';
import { Calendar } from './Calendar';
import { useSalonTime } from './salon-time';

type SalonPage = Schemas['PublicSalonPage'];

export interface SlotPickerProps {
  /** The salon: its today, zone, time format, first day of the week, opening hours and holidays. */
  page: SalonPage;
  /** The last bookable day is today + this (the salon's `booking_max_future_days`). */
  maxFutureDays: number;
  /** The day whose month the calendar opens on while no day is chosen (else today's). */
  opensOn?: CalendarDate;
  /** What to ask availability for: a new booking's services and staff, a booking to move… */
  source: SlotSource;
  date: CalendarDate | null;
  /** A day chosen; the time chosen is cleared through `onChange(null)` at the same moment. */
  onDateChange: (date: CalendarDate) => void;
  value: Slot | null;
  onChange: (slot: Slot | null) => void;
  /**
   * The alert when the time chosen was just taken (the caller refetches): shown above the
   * times, and the focus moves to their heading so a screen reader hears it first.
   */
  taken?: string | null;
  dayTitle: string;
  timeTitle: string;
  /** 2 on a page of its own, 3 inside a dialog or a page's section. */
  headingLevel?: 2 | 3;
  /** Prefix of the two headings' ids (`<prefix>-day`, `<prefix>-time`). */
  idPrefix: string;
}

/**
 * A day on a calendar, then a free time of that day: the booking page's steps, a booking
 * moved from the client's account, a move link. Days from the salon's today to today +
 * `maxFutureDays`, closed weekdays and holidays greyed out and refused, weeks from the salon's
 * first day; the times a labelled radio group, each named in full in the salon's zone and time
 * format; a live region says how many times the day has.
 */
export function SlotPicker({
  page,
  maxFutureDays,
  source,
  date,
  onDateChange,
  value,
  onChange,
  taken = null,
  dayTitle,
  timeTitle,
  headingLevel = 2,
  idPrefix,
  opensOn,
}: SlotPickerProps) {
  const t = useT();
  const { time, day, span } = useSalonTime(page);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const today = parseDate(page.today);
  const lastDay = today.add({ days: maxFutureDays });
  const holidays = useMemo(() => new Set(page.holidays.map((holiday) => holiday.date)), [page.holidays]);
  const closed = (candidate: DateValue) => isClosedDay(candidate, page.opening_hours, holidays);
  const timesHeading = useRef<HTMLHeadingElement>(null);
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const slots = useQuery({ ...slotsQuery(source, date?.toString() ?? ''), enabled: date !== null });

  useEffect(() => {
    if (taken) timesHeading.current?.focus();
  }, [taken]);

  const dayId = `${idPrefix}-day`;
  const timeId = `${idPrefix}-time`;
  const dayName = date ? day(`${date.toString()} 12:00:00`) : '';

  return (
    <>
      <section className="step" aria-labelledby={dayId}>
        <Heading id={dayId}>{dayTitle}</Heading>
        <Calendar
          aria-labelledby={dayId}
          value={date}
          onChange={(next) => {
            onDateChange(next);
            onChange(null);
          }}
          minValue={today}
          maxValue={lastDay}
          // Kept within the bookable days: a month the picker could not show is not opened on.
          defaultFocusedValue={
            opensOn && opensOn.compare(today) > 0 ? (opensOn.compare(lastDay) > 0 ? lastDay : opensOn) : undefined
          }
          isDateUnavailable={closed}
          firstDayOfWeek={weekStart(page.first_day_of_week)}
          previousLabel={t('book.day.previous')}
          nextLabel={t('book.day.next')}
        />
      </section>

      {date && (
        <section className="step" aria-labelledby={timeId}>
          <Heading id={timeId} ref={timesHeading} tabIndex={-1}>
            {timeTitle}
          </Heading>
          {taken && (
            <p role="alert" className="alert">
              {taken}
            </p>
          )}
          {page.timezone !== browserZone && <p>{t('book.times.zone', { zone: page.timezone })}</p>}
          <p role="status" aria-live="polite">
            {slots.isPending
              ? t('book.times.loading')
              : slots.isError
                ? t('book.times.failed')
                : slots.data.length === 0
                  ? t('book.times.none', { day: dayName })
                  : t('book.times.count', { count: slots.data.length, day: dayName })}
          </p>
          {slots.data && slots.data.length > 0 && (
            <RadioGroup
              aria-labelledby={timeId}
              className="radio-list"
              value={value?.start_at ?? null}
              onChange={(start) => onChange(slots.data.find((candidate) => candidate.start_at === start) ?? null)}
            >
              {slots.data.map((candidate) => (
                <Radio
                  key={candidate.start_at}
                  value={candidate.start_at}
                  className="radio"
                  aria-label={span(candidate.start_at, candidate.end_at)}
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
    </>
  );
}
