import { Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../../../src/lib/office-paths';
import { NotFound } from '../../../ui/PageStates';
import { AutomationsPage } from './AutomationsPage';
import { CampaignPage } from './CampaignPage';
import { CampaignsPage } from './CampaignsPage';
// The ordered list's rules (the block editor reuses the services' OrderedList).
import '../services/services.css';
import './campaigns.css';

/** /manage/campaigns, the automations and a campaign's own page: one lazy chunk, opened from /manage. */
export default function CampaignsScreens() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.manageCampaigns} component={CampaignsPage} />
      <Route path={OFFICE_ROUTES.manageCampaignAutomations} component={AutomationsPage} />
      <Route path={OFFICE_ROUTES.manageCampaign}>
        {(params: { id: string }) =>
          /^[1-9]\d{0,9}$/.test(params.id) ? <CampaignPage key={params.id} id={Number(params.id)} /> : <NotFound />
        }
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
