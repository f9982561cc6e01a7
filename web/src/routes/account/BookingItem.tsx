import { useEffect, useRef, useState } from 'react';
import type { Schemas } from '../../api/client';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { LinkButton } from '../../ui/LinkButton';
import { useSalonTime } from '../../ui/salon-time';
import { CallSalon } from './CallSalon';
import { CancelDialog } from './CancelDialog';

type SalonPage = Schemas['PublicSalonPage'];
type MyBooking = Schemas['MyBooking'];

const OPEN = new Set(['scheduled', 'provisional']);

/**
 * One booking, named in full (service, staff, day and time in the salon's zone and format),
 * its status, and for an upcoming one what the client may do online: cancel, move, or why not
 * (past the cancellation window, a part of a visit) with the salon's phone.
 */
export function BookingItem({
  booking,
  page,
  upcoming,
  onCancelled,
  focusOnShow = false,
}: {
  booking: MyBooking;
  page: SalonPage;
  upcoming: boolean;
  onCancelled: (message: string, id: number) => void;
  /** Just cancelled from the upcoming list, it shows here: the focus follows it. */
  focusOnShow?: boolean;
}) {
  const t = useT();
  const { span, day, time } = useSalonTime(page);
  const [cancelling, setCancelling] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // When the dialog has gone and its cancel button with it (the booking is cancelled now, or no
  // longer can be), the focus goes to the booking itself rather than to nowhere. This runs before
  // React Aria's own return of the focus, which then leaves it there.
  useEffect(() => {
    if (wasOpen.current && !cancelling && cancelButton.current === null) heading.current?.focus();
    wasOpen.current = cancelling;
  }, [cancelling, booking]);
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);
  const what = t('account.bookings.what', { service: booking.service_name, staff: booking.staff_name });
  const when = span(booking.start_at, booking.end_at);
  const at = (text: string) => t('account.bookings.at', { day: day(text), time: time(text) });
  const { cancel, move } = booking.actions;
  const headingId = `booking-${booking.id}`;

  return (
    <li className="booking" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {what}
      </h3>
      <p>{when}</p>
      <p className="status">{t('account.bookings.status', { status: booking.status.replace('-', '') })}</p>
      {upcoming && OPEN.has(booking.status) && (
        <>
          <p className="description">
            {cancel.allowed && move.allowed && cancel.until && t('account.bookings.until', { until: at(cancel.until) })}
            {cancel.allowed && !move.allowed && cancel.until && (
              <>
                {t('account.bookings.cancelUntil', { until: at(cancel.until) })}{' '}
                {move.refusal?.code === 'part_of_visit' && t('account.bookings.partOfVisit')} <CallSalon />
              </>
            )}
            {!cancel.allowed && cancel.refusal?.code === 'too_late_to_cancel' && cancel.until && (
              <>
                {t('account.bookings.tooLate', { until: at(cancel.until) })} <CallSalon />
              </>
            )}
          </p>
          {(cancel.allowed || move.allowed) && (
            <div className="actions">
              {move.allowed && (
                <LinkButton
                  href={`/client/bookings/${booking.id}/move`}
                  variant="secondary"
                  aria-label={t('account.bookings.moveNamed', { service: booking.service_name, when })}
                >
                  {t('account.bookings.move')}
                </LinkButton>
              )}
              {cancel.allowed && (
                <Button
                  ref={cancelButton}
                  variant="secondary"
                  aria-label={t('account.bookings.cancelNamed', { service: booking.service_name, when })}
                  onPress={() => setCancelling(true)}
                >
                  {t('account.bookings.cancel')}
                </Button>
              )}
            </div>
          )}
        </>
      )}
      <CancelDialog
        isOpen={cancelling}
        onOpenChange={setCancelling}
        booking={booking}
        what={what}
        when={when}
        onCancelled={onCancelled}
      />
    </li>
  );
}
