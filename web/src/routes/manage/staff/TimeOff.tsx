import { $api, type Schemas } from '../../../api/client';
import { asPage } from '../../../api/pages';
import { useApiMutation } from '../../../api/mutation';
import { LOCALE_OF, useLanguage, useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SendButton, SubmitButton } from '../../../ui/ApiForm';
import { FailureAlert } from '../../../ui/FailureAlert';
import { LoadError, Loading } from '../../../ui/PageStates';
import { TextField } from '../../../ui/TextField';
import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { shortDay, todayIn } from './days';
import { STAFF_WORDS } from './words';

type Booking = Schemas['Booking'];
type Entry = Schemas['TimeOff'];

/** The most bookings one read lists: the range of a member's upcoming time off rarely holds more. */
const BOOKINGS_LIMIT = 200;

/**
 * The member's time off from today on: recorded (first day to last day, a reason), removed, and
 * for each entry the member's bookings that fall inside it, so the desk sees which clients to
 * move or call. Time off does not cancel bookings; the desk decides.
 */
export function TimeOff({ staffId }: { staffId: number }) {
  const t = useT();
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const today = salon.data ? todayIn(salon.data.timezone) : undefined;
  const entries = $api.useQuery(
    'get',
    '/api/staff/time-off',
    { params: { query: { staff_id: staffId, from: today } } },
    { enabled: today !== undefined },
  );
  const create = useApiMutation('post', '/api/staff/time-off');
  const remove = useApiMutation('delete', '/api/staff/time-off/{id}');
  // One read of the member's bookings across every entry shown, split per entry here.
  const first = entries.data?.[0]?.start_date;
  const last = entries.data?.reduce((end, entry) => (entry.end_date > end ? entry.end_date : end), '');
  const bookings = $api.useQuery(
    'get',
    '/api/bookings',
    { params: { query: { staff_id: [String(staffId)], from: first, to: last, page: 1, limit: BOOKINGS_LIMIT } } },
    { enabled: first !== undefined && last !== undefined && last !== '' },
  );
  const allBookings = bookings.data ? asPage(bookings.data).data : [];

  return (
    <section className="staff-section" aria-labelledby="staff-time-off">
      <h2 id="staff-time-off">{t('manage.staff.timeOff.title')}</h2>
      {entries.isError ? (
        <LoadError retry={() => void entries.refetch()} />
      ) : !entries.data ? (
        <Loading />
      ) : entries.data.length === 0 ? (
        <p>{t('manage.staff.timeOff.none')}</p>
      ) : (
        <ul className="staff-time-off">
          {entries.data.map((entry) => (
            <TimeOffEntry
              key={entry.id}
              entry={entry}
              bookings={bookings.data ? inside(allBookings, entry) : undefined}
              onRemove={() => remove.mutate({ params: { path: { id: entry.id } } })}
              removing={remove}
            />
          ))}
        </ul>
      )}
      <FailureAlert error={remove.error} words={STAFF_WORDS} />
      <h3>{t('manage.staff.timeOff.add')}</h3>
      <ApiForm
        sending={create}
        words={STAFF_WORDS}
        className="staff-apply"
        onSubmit={(form) =>
          create.mutate({
            body: {
              staff_id: staffId,
              start_date: fieldText(form, 'start_date'),
              end_date: fieldText(form, 'end_date'),
              reason: fieldText(form, 'reason'),
            },
          })
        }
      >
        <TextField
          label={t('manage.staff.timeOff.from')}
          name="start_date"
          type="date"
          isRequired
          defaultValue={today}
        />
        <TextField
          label={t('manage.staff.timeOff.until')}
          name="end_date"
          type="date"
          isRequired
          defaultValue={today}
        />
        <TextField label={t('manage.staff.timeOff.reason')} name="reason" maxLength={500} />
        <div className="actions">
          <SubmitButton sending={create}>{t('manage.staff.timeOff.send')}</SubmitButton>
        </div>
      </ApiForm>
    </section>
  );
}

/** The bookings starting on a day of the entry (both its days included). */
function inside(bookings: Booking[], entry: Entry): Booking[] {
  return bookings
    .filter((booking) => {
      const day = booking.start_at.slice(0, 10);
      return day >= entry.start_date && day <= entry.end_date;
    })
    .sort((a, b) => a.start_at.localeCompare(b.start_at));
}

function TimeOffEntry({
  entry,
  bookings,
  onRemove,
  removing,
}: {
  entry: Entry;
  bookings: Booking[] | undefined;
  onRemove: () => void;
  removing: { error: unknown; isPending: boolean };
}) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const range =
    entry.start_date === entry.end_date
      ? shortDay(entry.start_date, locale)
      : `${shortDay(entry.start_date, locale)} – ${shortDay(entry.end_date, locale)}`;
  return (
    <li className="staff-time-off-entry">
      <div className="staff-time-off-head">
        <strong>{range}</strong>
        {entry.reason && <span> · {entry.reason}</span>}
        <SendButton variant="secondary" sending={removing} onSend={onRemove}>
          {t('manage.staff.timeOff.remove')}
        </SendButton>
      </div>
      {bookings === undefined ? (
        <Loading />
      ) : bookings.length === 0 ? (
        <p>{t('manage.staff.timeOff.noBookings')}</p>
      ) : (
        <>
          <p className="staff-overlap">{t('manage.staff.timeOff.overlap', { count: bookings.length })}</p>
          <ul>
            {bookings.map((booking) => (
              <li key={booking.id}>
                <Link href={officeHref.booking(booking.id)}>
                  {shortDay(booking.start_at.slice(0, 10), locale)} {booking.start_at.slice(11, 16)} ·{' '}
                  {booking.client_name} · {booking.service_name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}
