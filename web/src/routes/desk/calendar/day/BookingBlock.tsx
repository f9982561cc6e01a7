import { memo, useCallback } from 'react';
import { useT } from '../../../../i18n/i18n';
import { STATUS_MARK, STATUS_WORD, type Booking } from './booking-words';
import { clockText } from './clock-text';
import type { LanePlace } from './lanes';
import { spanOnDay } from './time-grid';

export interface BookingView {
  booking: Booking;
  colour: string;
  place: LanePlace;
  /** The names of the resources (rooms, equipment) the booking holds. */
  resources?: readonly string[];
}

/** The full words of a booking, as its button is named: "10:00 to 10:45, Ada Client, Cut, with Ana, confirmed". */
export function useBookingName(locale: string, timeFormat: string): (booking: Booking) => string {
  const t = useT();
  // One function per language and format, so the day's columns are worked out once per answer.
  return useCallback(
    (booking: Booking) => {
      const clock = (text: string) => clockText(text, locale, timeFormat);
      const name = t('calendar.booking.name', {
        start: clock(booking.start_at),
        end: clock(booking.end_at),
        client: booking.client_name,
        service: booking.service_name,
        staff: booking.staff_name,
        status: t(STATUS_WORD[booking.status]),
      });
      if (booking.processing_start_at === null || booking.processing_end_at === null) return name;
      return t('calendar.booking.withProcessing', {
        booking: name,
        start: clock(booking.processing_start_at),
        end: clock(booking.processing_end_at),
      });
    },
    [t, locale, timeFormat],
  );
}

/**
 * A booking on the grid: a button over its time, in its lane, with its colour on its edge and
 * its status written out (and drawn as a pattern), its processing phase drawn as free time. A
 * press on that phase is a press on the free slot beneath (the grid books there, `use-slot-grid`),
 * not on the booking; the keyboard reaches those slots as any other.
 */
export const BookingBlock = memo(function BookingBlock({
  view,
  date,
  gridStart,
  slotMinutes,
  name,
  locale,
  timeFormat,
  onOpen,
}: {
  view: BookingView;
  date: string;
  gridStart: number;
  slotMinutes: number;
  name: string;
  locale: string;
  timeFormat: string;
  onOpen: (id: number) => void;
}) {
  const t = useT();
  const { booking, colour, place } = view;
  const resources = view.resources ?? [];
  const label =
    resources.length > 0
      ? t('calendar.booking.withResources', { booking: name, resources: resources.join(', ') })
      : name;
  const span = spanOnDay(booking.start_at, booking.end_at, date);
  const rows = (minutes: number) => minutes / slotMinutes;
  const processing =
    booking.processing_start_at && booking.processing_end_at
      ? spanOnDay(booking.processing_start_at, booking.processing_end_at, date)
      : null;
  const length = Math.max(span.end - span.start, 1);
  // Dragged to another time or member, or resized by its bottom edge: a booking that can still
  // move (confirmed or a request) and lies wholly on this day (one across midnight moves by
  // "Move…" only, since the grid shows one of its days).
  const movable =
    (booking.status === 'scheduled' || booking.status === 'provisional') &&
    booking.start_at.slice(0, 10) === date &&
    booking.end_at.slice(0, 10) === date;
  return (
    <button
      type="button"
      className="booking"
      data-status={booking.status}
      data-booking-id={booking.id}
      data-movable={movable || undefined}
      aria-label={label}
      onClick={(event) => {
        if (!(event.target as Element).closest('.booking-processing')) onOpen(booking.id);
      }}
      style={{
        top: `calc(var(--slot-height) * ${rows(span.start - gridStart)})`,
        height: `calc(var(--slot-height) * ${rows(span.end - span.start)})`,
        left: `${(place.lane / place.lanes) * 100}%`,
        width: `${100 / place.lanes}%`,
        borderInlineStartColor: colour,
      }}
    >
      {processing && (
        <span
          className="booking-processing"
          aria-hidden="true"
          data-start={processing.start}
          data-end={processing.end}
          style={{
            top: `${((processing.start - span.start) / length) * 100}%`,
            height: `${((processing.end - processing.start) / length) * 100}%`,
          }}
        >
          {t('calendar.booking.processing')}
        </span>
      )}
      <span className="booking-text" aria-hidden="true">
        {/* The status first, so that even a short booking shows it. */}
        {booking.status !== 'scheduled' && (
          <span className="booking-status">
            {STATUS_MARK[booking.status]} {t(STATUS_WORD[booking.status])}
          </span>
        )}
        <span className="booking-time">
          {clockText(booking.start_at, locale, timeFormat)}–{clockText(booking.end_at, locale, timeFormat)}
        </span>{' '}
        <strong>{booking.client_name}</strong> <span>{booking.service_name}</span>
        {booking.visit_id !== null && <span className="booking-visit">{t('calendar.booking.visitPart')}</span>}
        {resources.length > 0 && (
          <span className="booking-resource">
            <span className="booking-resource-mark">▣</span> {resources.join(', ')}
          </span>
        )}
      </span>
      {/* The bottom edge a pointer drags to change the end; the keyboard's way is "Move…". */}
      {movable && <span className="booking-resize" aria-hidden="true" />}
    </button>
  );
});
