import { Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../../src/lib/office-paths';
import { NotFound } from '../../ui/PageStates';
import { NotificationsPage } from './NotificationsPage';
import { PreferencesPage } from './PreferencesPage';

/** The notifications area, one lazy chunk: the list (/notifications) and the channels per type (/notifications/preferences). */
export default function NotificationsArea() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.notifications} component={NotificationsPage} />
      <Route path={OFFICE_ROUTES.notificationPreferences} component={PreferencesPage} />
      <Route component={NotFound} />
    </Switch>
  );
}
