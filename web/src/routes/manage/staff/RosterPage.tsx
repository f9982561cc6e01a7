import { useState } from 'react';
import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api } from '../../../api/client';
import { useT } from '../../../i18n/i18n';
import { Loading, LoadError, useTitle } from '../../../ui/PageStates';
import { Holidays } from './Holidays';
import { WeekRoster } from './WeekRoster';
import { todayIn } from './days';

/**
 * /manage/staff/roster: the week's shifts of one member, drawn on a grid (by dragging or by
 * keyboard) or typed in a dialog, at one location or none; and the salon's holidays, the days
 * no one can book.
 */
export function RosterPage() {
  const t = useT();
  useTitle(t('manage.staff.roster.title'));
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const members = $api.useQuery('get', '/api/staff/staff');
  const locations = $api.useQuery('get', '/api/locations', { params: { query: { active: true } } });
  const [chosen, setChosen] = useState<number | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);

  const failed = salon.isError ? salon : members.isError ? members : null;
  if (failed) return <LoadError retry={() => void failed.refetch()} />;
  if (!salon.data || !members.data) return <Loading />;
  const staffId = chosen ?? members.data.find((member) => member.bookable === 1)?.id ?? members.data[0]?.id;

  return (
    <>
      <p className="staff-back">
        <Link href={officeHref.manageStaff()}>{t('manage.staff.back')}</Link>
      </p>
      <h1>{t('manage.staff.roster.title')}</h1>
      <div className="roster-controls">
        <div className="field">
          <label htmlFor="roster-member">{t('manage.staff.roster.member')}</label>
          <select
            id="roster-member"
            value={staffId ?? ''}
            onChange={(event) => setChosen(Number(event.currentTarget.value))}
          >
            {members.data.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
        {locations.data && locations.data.length > 0 && (
          <div className="field">
            <label htmlFor="roster-location">{t('manage.staff.roster.location')}</label>
            <select
              id="roster-location"
              value={locationId ?? ''}
              onChange={(event) =>
                setLocationId(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))
              }
            >
              <option value="">{t('manage.staff.roster.anyLocation')}</option>
              {locations.data.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {staffId !== undefined && (
        <WeekRoster
          key={staffId}
          staffId={staffId}
          locationId={locationId}
          today={todayIn(salon.data.timezone)}
          firstDay={salon.data.first_day_of_week}
        />
      )}
      <Holidays />
    </>
  );
}
