import { Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../../src/lib/office-paths';
import { NotFound } from '../../ui/PageStates';
import { ClientCard } from './ClientCard';
import { ClientsPage } from './ClientsPage';

/** The clients area, one lazy chunk: the list (/clients) and a client's card (/clients/:id). */
export default function ClientsArea() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.clients} component={ClientsPage} />
      <Route path={OFFICE_ROUTES.client}>
        {(params: { id: string }) =>
          /^[1-9]\d{0,9}$/.test(params.id) ? <ClientCard key={params.id} id={Number(params.id)} /> : <NotFound />
        }
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
