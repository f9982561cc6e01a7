import { Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../../src/lib/office-paths';
import { NotFound } from '../../ui/PageStates';
import { TillPage } from './TillPage';

/** The till area, one lazy chunk: the till itself (/till, `?booking=<id>` to check a booking out). */
export default function TillArea() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.till} component={TillPage} />
      <Route component={NotFound} />
    </Switch>
  );
}
