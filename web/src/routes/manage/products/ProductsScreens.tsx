import { Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../../../src/lib/office-paths';
import { NotFound } from '../../../ui/PageStates';
import { CategoriesPage } from './CategoriesPage';
import { ProductCard } from './ProductCard';
import { ProductsPage } from './ProductsPage';
import '../stock.css';

/** The stock section (one lazy chunk): the products list, the categories, and a product's card. */
export default function ProductsScreens() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.manageProducts} component={ProductsPage} />
      <Route path={OFFICE_ROUTES.manageProductCategories} component={CategoriesPage} />
      <Route path={OFFICE_ROUTES.manageProduct}>
        {(params: { id: string }) =>
          /^[1-9]\d{0,9}$/.test(params.id) ? <ProductCard key={params.id} id={Number(params.id)} /> : <NotFound />
        }
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
