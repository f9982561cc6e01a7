import { Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../../../src/lib/office-paths';
import { NotFound } from '../../../ui/PageStates';
import { ServicePage } from './ServicePage';
import { ServicesPage } from './ServicesPage';
import './services.css';

/** /manage/services and a service's own page: one lazy chunk, opened from /manage. */
export default function ServicesScreens() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.manageServices} component={ServicesPage} />
      <Route path={OFFICE_ROUTES.manageService}>
        {(params: { id: string }) =>
          /^\d+$/.test(params.id) ? <ServicePage key={params.id} id={Number(params.id)} /> : <NotFound />
        }
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
