import { Redirect, Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES, officeHref } from '../../../../src/lib/office-paths';
import { NotFound } from '../../ui/PageStates';

/**
 * The campaigns area: /campaigns/:id, where the "campaign sent" notifications (and emails
 * already sent) link, now leads to the campaign's page in the manager's area, which shows the
 * same counts and more. The manager's area says itself who may see it.
 */
export default function CampaignsArea() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.campaign}>
        {(params: { id: string }) =>
          /^[1-9]\d{0,9}$/.test(params.id) ? (
            <Redirect to={officeHref.manageCampaign(Number(params.id))} replace />
          ) : (
            <NotFound />
          )
        }
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
