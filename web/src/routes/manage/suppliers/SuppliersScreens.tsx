import { Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../../../src/lib/office-paths';
import { NotFound } from '../../../ui/PageStates';
import { OrderPage } from './OrderPage';
import { SupplierCard } from './SupplierCard';
import { SuppliersPage } from './SuppliersPage';
import '../stock.css';

const ID = /^[1-9]\d{0,9}$/;

/** The suppliers section (one lazy chunk): suppliers and purchase orders, a supplier's card, an order. */
export default function SuppliersScreens() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.manageSuppliers} component={SuppliersPage} />
      <Route path={OFFICE_ROUTES.managePurchaseOrder}>
        {(params: { id: string }) =>
          ID.test(params.id) ? <OrderPage key={params.id} id={Number(params.id)} /> : <NotFound />
        }
      </Route>
      <Route path={OFFICE_ROUTES.manageSupplier}>
        {(params: { id: string }) =>
          ID.test(params.id) ? <SupplierCard key={params.id} id={Number(params.id)} /> : <NotFound />
        }
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
