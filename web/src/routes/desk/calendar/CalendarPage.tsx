import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api } from '../../../api/client';
import { useT } from '../../../i18n/i18n';
import { writeParams } from '../../../lib/search-params';
import { useSearchParams } from '../../../lib/use-search-params';
import { FailureAlert } from '../../../ui/FailureAlert';
import { Loading, useTitle } from '../../../ui/PageStates';
import { DayGrid } from './day/DayGrid';
import { DayNav } from './DayNav';
import { dayName } from './day-name';
import { useDeskSettings, useSalonNow } from './desk-settings';
import { NewBookingDialog, type NewBookingStart } from './new-booking/NewBookingDialog';
import { BookingPanel } from './panel/BookingPanel';
import { CALENDAR_PARAMS } from './params';
import { ViewSwitch } from './week/ViewSwitch';
import { useWeekMembers, WeekView } from './week/WeekView';
import './calendar.css';

/** `/calendar?date=…`: the desk's day. */
export function CalendarPage() {
  return <Calendar bookingId={null} />;
}

/** `/bookings/:id` (the address emails and notifications link to): the booking's day with its panel open. */
export function BookingPage({ id }: { id: string }) {
  const bookingId = /^\d{1,15}$/.test(id) ? Number(id) : 0;
  return <Calendar bookingId={bookingId} />;
}

function Calendar({ bookingId }: { bookingId: number | null }) {
  const t = useT();
  const [params, setParams] = useSearchParams(CALENDAR_PARAMS);
  const [, navigate] = useLocation();
  const { settings, error: settingsError } = useDeskSettings();
  const salonNow = useSalonNow(settings?.timezone);
  const opened = $api.useQuery(
    'get',
    '/api/bookings/{id}',
    { params: { path: { id: bookingId ?? 0 } } },
    { enabled: bookingId !== null && bookingId > 0 && params.date === '' },
  );
  const date = params.date || opened.data?.start_at.slice(0, 10) || salonNow?.date || settings?.today || '';
  useTitle(`${t('calendar.title')}${date ? ` – ${dayName(date, settings?.locale ?? 'en-GB')}` : ''}`);

  const locations = $api.useQuery('get', '/api/locations', { params: { query: { active: true } } });
  const manyLocations = (locations.data?.length ?? 0) > 1;
  const locationId = manyLocations ? params.location || locations.data?.[0]?.id || 0 : 0;
  const day = $api.useQuery(
    'get',
    '/api/bookings/day',
    { params: { query: { date, ...(locationId > 0 ? { location_id: locationId } : {}) } } },
    { enabled: date !== '' && (!manyLocations || locationId > 0) && params.view === 'day' },
  );
  const isWeek = params.view === 'week';
  const weekMembers = useWeekMembers(isWeek);
  // Who a booking may be moved to or booked with: the day's columns, or in a week every member who takes appointments.
  const dialogStaff = isWeek ? weekMembers : (day.data?.staff ?? []);
  const services = $api.useQuery('get', '/api/services');
  const categoryColours = useMemo(
    () => new Map((services.data ?? []).map((service) => [service.id, service.category_color ?? null])),
    [services.data],
  );
  const [start, setStart] = useState<NewBookingStart | null>(null);

  // The calendar's own parameters, carried to a booking's address and back, so closing the panel returns to the same view.
  const query = writeParams(CALENDAR_PARAMS, '', { ...params, date });
  // A booking opens on the day shown, or on its own (one just booked on another day).
  const openBooking = (id: number, on = date) =>
    navigate(`${officeHref.booking(id)}${writeParams(CALENDAR_PARAMS, '', { ...params, date: on })}`);
  const closeBooking = () => navigate(`${officeHref.calendar()}${query}`);

  if (settingsError) return <FailureAlert error={settingsError} />;
  if (!settings || date === '') return <Loading />;
  const closed = day.data?.opening_hours?.is_closed === 1;
  const onSlot = (staffId: number, minute: number, slotDate: string) => setStart({ staffId, date: slotDate, minute });
  return (
    <div className="calendar" data-density="compact">
      <h1>{t('calendar.title')}</h1>
      <div className="calendar-toolbar">
        <ViewSwitch view={params.view} onView={(view) => setParams({ view })} />
        <DayNav
          date={date}
          today={salonNow?.date ?? settings.today}
          onDate={(next) => setParams({ date: next })}
          step={params.view}
        />
        {manyLocations && !isWeek && (
          <label className="calendar-location">
            {t('calendar.location')}{' '}
            <select value={locationId} onChange={(event) => setParams({ location: Number(event.target.value) })}>
              {locations.data?.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {isWeek ? (
        <WeekView
          date={date}
          staffId={params.staff}
          settings={settings}
          now={salonNow}
          categoryColours={categoryColours}
          onStaff={(staff) => setParams({ staff })}
          onOpenBooking={openBooking}
          onSlot={onSlot}
        />
      ) : (
        <>
          <p className="calendar-day" aria-live="polite">
            <strong>{dayName(date, settings.locale)}</strong>
            {day.data?.holiday && (
              <span className="calendar-notice"> {t('calendar.day.holiday', { name: day.data.holiday.name })}</span>
            )}
            {closed && <span className="calendar-notice"> {t('calendar.day.closed')}</span>}
          </p>
          <FailureAlert error={day.error} />
          {day.data ? (
            <DayGrid
              day={day.data}
              settings={settings}
              categoryColours={categoryColours}
              nowMinute={salonNow && salonNow.date === date ? salonNow.minute : null}
              onOpenBooking={openBooking}
              onSlot={onSlot}
            />
          ) : (
            !day.error && <Loading />
          )}
        </>
      )}
      {/* Rebooking replaces the panel with the new booking's dialog; cancelled, the panel is back. */}
      {bookingId !== null && start === null && (
        <BookingPanel
          id={bookingId}
          settings={settings}
          staff={dialogStaff}
          today={salonNow?.date ?? settings.today}
          onClose={closeBooking}
          onRebook={setStart}
        />
      )}
      {start && (isWeek || day.data) && (
        <NewBookingDialog
          start={start}
          staff={dialogStaff}
          settings={settings}
          onClose={() => setStart(null)}
          onBooked={(id, on) => {
            setStart(null);
            // A booking booked again opens on its own day, weeks on.
            openBooking(id, on);
          }}
        />
      )}
    </div>
  );
}
