import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api } from '../../../api/client';
import { useKeptWhileRemoving } from '../../../api/kept-while-removing';
import { useT } from '../../../i18n/i18n';
import { useTitle } from '../../../ui/PageStates';
import { RecordState } from '../../../ui/RecordPage';
import { DefaultWeek } from './DefaultWeek';
import { DeleteMember } from './DeleteMember';
import { FeedLink } from './FeedLink';
import { MemberForm } from './MemberForm';
import { PhotoField } from './PhotoField';
import { TimeOff } from './TimeOff';

/**
 * /manage/staff/:id: one member: their account (name, email, role, whether they take
 * appointments, their introduction for the booking page), their photo, their calendar feed
 * link, their default week (and applying it to dates) and their time off; last, removing them.
 */
export function MemberPage({ id }: { id: number }) {
  const t = useT();
  // The admin's list has every member (a few dozen at most); the member is read from it.
  const members = $api.useQuery('get', '/api/staff/staff', { params: { query: { include_inactive: true } } });
  const member = useKeptWhileRemoving(
    members.data?.find((candidate) => candidate.id === id),
    id,
    ['delete', '/api/staff/staff/{id}'],
  );
  useTitle(member?.name ?? t('manage.staff.title'));
  if (!members.data) return <RecordState query={members} title={t('manage.staff.title')} missing="" />;
  if (!member) {
    return (
      <>
        <h1>{t('manage.staff.missing')}</h1>
        <p>
          <Link href={officeHref.manageStaff()}>{t('manage.staff.back')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <p className="staff-back">
        <Link href={officeHref.manageStaff()}>{t('manage.staff.back')}</Link>
      </p>
      <h1>{member.name}</h1>
      {member.active === 0 && <p className="notice">{t('manage.staff.inactiveNotice')}</p>}
      <div className="staff-columns">
        <MemberForm member={member} />
        <div>
          <PhotoField member={member} />
          <FeedLink member={member} />
        </div>
      </div>
      {member.active === 1 && (
        <>
          <DefaultWeek staffId={member.id} />
          <TimeOff staffId={member.id} />
        </>
      )}
      <DeleteMember member={member} />
    </>
  );
}
