import { parseDate, type CalendarDate, type DateValue } from '@internationalized/date';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { slotsQuery, type Slot, type SlotSource } from '../api/availability';
import type { Schemas } from '../api/client';
import { useT } from '../i18n/i18n';
import { isClosedDay, weekStart } from '../lib/datetime';
import { Button } from './Button';
import { Calendar } from './Calendar';
import { useFirstFree } from './first-free';
import { useSalonTime } from './salon-time';
import { TimesByPart } from './TimesByPart';

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
 * format, grouped by part of the day (TimesByPart); a live region says how many times the day
 * has. "First free time" finds the first day with a free time (first-free.ts), chooses that day
 * and its first time, and moves the focus to it.
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
  const closed = useCallback(
    (candidate: DateValue) => isClosedDay(candidate, page.opening_hours, holidays),
    [page.opening_hours, holidays],
  );
  const timesHeading = useRef<HTMLHeadingElement>(null);
  const timesSection = useRef<HTMLElement>(null);
  const firstFree = useFirstFree(source, closed);
  // Set by "First free time": the time it chose takes the focus once the day's times show.
  const focusChosen = useRef(false);
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const slots = useQuery({ ...slotsQuery(source, date?.toString() ?? ''), enabled: date !== null });

  useEffect(() => {
    if (taken) timesHeading.current?.focus();
  }, [taken]);
  useEffect(() => {
    if (!focusChosen.current || !value) return;
    const chosen = timesSection.current?.querySelector<HTMLInputElement>('input:checked');
    if (!chosen) return;
    focusChosen.current = false;
    chosen.focus();
    chosen.scrollIntoView({ block: 'center' });
  }, [slots.data, value]);

  const jumpToFirstFree = async () => {
    const found = await firstFree.find(today, lastDay);
    if (!found) return;
    focusChosen.current = true;
    onDateChange(found.day);
    onChange(found.slot);
  };

  const dayId = `${idPrefix}-day`;
  const timeId = `${idPrefix}-time`;
  const dayName = date ? day(`${date.toString()} 12:00:00`) : '';

  return (
    <>
      <section className="step" aria-labelledby={dayId}>
        <Heading id={dayId} tabIndex={-1}>
          {dayTitle}
        </Heading>
        <div className="first-free">
          <Button
            variant="secondary"
            isDisabled={firstFree.state === 'searching'}
            onPress={() => void jumpToFirstFree()}
          >
            {t('book.day.first')}
          </Button>
          <p role="status">
            {firstFree.state === 'searching'
              ? t('book.times.loading')
              : firstFree.state === 'failed'
                ? t('book.times.failed')
                : firstFree.state === 'none'
                  ? t('book.day.firstNone', { days: maxFutureDays })
                  : ''}
          </p>
        </div>
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
        <section className="step" aria-labelledby={timeId} ref={timesSection}>
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
            <TimesByPart
              slots={slots.data}
              value={value}
              onChange={onChange}
              labelledBy={timeId}
              headingLevel={headingLevel === 2 ? 3 : 4}
              label={time}
              span={span}
            />
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
