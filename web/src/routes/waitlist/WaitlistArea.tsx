import { Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../../src/lib/office-paths';
import { NotFound } from '../../ui/PageStates';
import { WaitlistEntryPage } from './WaitlistEntryPage';
import { WaitlistPage } from './WaitlistPage';
import './waitlist.css';

/** The waitlist area, one lazy chunk: the list (/waitlist) and an entry's screen (/waitlist/:id), where its notifications link. */
export default function WaitlistArea() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.waitlist} component={WaitlistPage} />
      <Route path={OFFICE_ROUTES.waitlistEntry}>
        {(params: { id: string }) =>
          /^[1-9]\d{0,9}$/.test(params.id) ? <WaitlistEntryPage key={params.id} id={Number(params.id)} /> : <NotFound />
        }
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
