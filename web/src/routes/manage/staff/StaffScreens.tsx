import { Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../../../src/lib/office-paths';
import { NotFound } from '../../../ui/PageStates';
import { MemberPage } from './MemberPage';
import { RosterPage } from './RosterPage';
import { StaffList } from './StaffList';
import './staff.css';

/** The staff section, one lazy chunk: the members (/manage/staff), a member, and the week's roster. */
export default function StaffScreens() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.manageStaff} component={StaffList} />
      <Route path={OFFICE_ROUTES.manageRoster} component={RosterPage} />
      <Route path={OFFICE_ROUTES.manageStaffMember}>
        {(params: { id: string }) =>
          /^[1-9]\d{0,9}$/.test(params.id) ? <MemberPage key={params.id} id={Number(params.id)} /> : <NotFound />
        }
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
