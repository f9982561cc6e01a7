import { Redirect, Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../../src/lib/office-paths';
import { NotFound } from '../../ui/PageStates';

/**
 * The old address of the SMS outbox (/system/sms), where "daily SMS limit reached"
 * notifications link: it now lives in the manager's system section, with the job queue and
 * the email outbox, and the old address (in notifications already sent) leads there.
 */
export default function SystemArea() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.smsOutbox}>
        <Redirect to={`${OFFICE_ROUTES.manageSystem}/sms`} replace />
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
