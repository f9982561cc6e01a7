import { useState } from 'react';
import { Link, useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api } from '../../../api/client';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';
import { LinkButton } from '../../../ui/LinkButton';
import { LoadError, Loading, useTitle } from '../../../ui/PageStates';
import { Accounts } from './Accounts';
import { AddMemberDialog } from './AddMemberDialog';
import { RegisterDialog } from './RegisterDialog';

/**
 * /manage/staff: every member, the deactivated ones too (marked), with their role and whether
 * they take appointments. A salon has a handful to a few dozen members, so the list is the
 * service's whole answer. "Register a member" sends them a welcome email with a temporary password;
 * "Add with a password" makes the account with a password the admin hands over, no email sent.
 * Below, the accounts that sign in to the office, with their roles.
 */
export function StaffList() {
  const t = useT();
  useTitle(t('manage.staff.title'));
  const [, navigate] = useLocation();
  const [registering, setRegistering] = useState(false);
  const [adding, setAdding] = useState(false);
  const members = $api.useQuery('get', '/api/staff/staff', { params: { query: { include_inactive: true } } });

  return (
    <>
      <div className="staff-heading">
        <h1>{t('manage.staff.title')}</h1>
        <div className="actions">
          <Button onPress={() => setRegistering(true)}>{t('manage.staff.register')}</Button>
          <Button variant="secondary" onPress={() => setAdding(true)}>
            {t('manage.staff.add')}
          </Button>
          <LinkButton href={officeHref.manageRoster()} variant="secondary">
            {t('manage.staff.roster.title')}
          </LinkButton>
        </div>
      </div>
      <RegisterDialog
        isOpen={registering}
        onOpenChange={setRegistering}
        onSaved={(member) => navigate(officeHref.manageStaffMember(member.id))}
      />
      <AddMemberDialog
        isOpen={adding}
        onOpenChange={setAdding}
        onSaved={(member) => navigate(officeHref.manageStaffMember(member.id))}
      />
      {members.isPending ? (
        <Loading />
      ) : members.isError ? (
        <LoadError retry={() => void members.refetch()} />
      ) : (
        <table className="staff-table">
          <caption className="visually-hidden">{t('manage.staff.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('manage.staff.name')}</th>
              <th scope="col">{t('manage.staff.role')}</th>
              <th scope="col" className="staff-wide">
                {t('manage.staff.email')}
              </th>
              <th scope="col">{t('manage.staff.status')}</th>
            </tr>
          </thead>
          <tbody>
            {members.data.map((member) => (
              <tr key={member.id} className={member.active === 0 ? 'staff-inactive' : undefined}>
                <th scope="row">
                  <Link href={officeHref.manageStaffMember(member.id)}>{member.name}</Link>
                </th>
                <td>{t('manage.staff.roleOf', { role: member.role })}</td>
                <td className="staff-wide">{member.email}</td>
                <td>
                  {member.active === 0
                    ? t('manage.staff.inactive')
                    : member.bookable === 1
                      ? t('manage.staff.bookable')
                      : t('manage.staff.notBookable')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {members.data && <Accounts members={members.data} />}
    </>
  );
}
