import { Redirect, Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES, officeHref } from '../../../../src/lib/office-paths';
import { $api } from '../../api/client';
import { useT } from '../../i18n/i18n';
import { NotFound, useTitle } from '../../ui/PageStates';
import { Details, RecordState, useIsAdmin, useMoney } from '../../ui/RecordPage';

/**
 * The stock area, one lazy chunk: a product's screen (/inventory/products/:id), where low-stock
 * notices (and the emails already sent) link. An admin is taken to the product's card in the
 * manager's area, where it is edited; anyone else reads it here.
 */
export default function InventoryArea() {
  const admin = useIsAdmin();
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.product}>
        {(params: { id: string }) =>
          !/^[1-9]\d{0,9}$/.test(params.id) ? (
            <NotFound />
          ) : admin ? (
            <Redirect to={officeHref.manageProduct(Number(params.id))} replace />
          ) : (
            <ProductPage key={params.id} id={Number(params.id)} />
          )
        }
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}

/** /inventory/products/:id: the product, its stock against its alert threshold, and its prices (any signed-in member, as the API). */
function ProductPage({ id }: { id: number }) {
  const t = useT();
  const product = $api.useQuery('get', '/api/inventory/products/{id}', { params: { path: { id } } });
  const info = $api.useQuery('get', '/api/public/salon-info');
  const money = useMoney(info.data?.currency);
  const title = product.data?.name ?? t('inventory.product.heading');
  useTitle(title);
  if (!product.data) return <RecordState query={product} title={title} missing={t('inventory.product.missing')} />;
  const p = product.data;
  const low = p.quantity_on_hand <= p.low_stock_threshold;
  return (
    <>
      <h1>{title}</h1>
      {low && <p className="notice">{t('inventory.product.low')}</p>}
      <Details
        label={t('inventory.product.details')}
        details={[
          [
            t('inventory.product.stock'),
            t('inventory.product.stockValue', { count: p.quantity_on_hand, threshold: p.low_stock_threshold }),
          ],
          [t('inventory.product.sku'), p.sku],
          [t('inventory.product.article'), p.article_number],
          [t('inventory.product.ean'), p.ean_code],
          [t('inventory.product.category'), p.category_name],
          [t('inventory.product.supplier'), p.supplier_name],
          [t('inventory.product.price'), money(p.price)],
          [t('inventory.product.purchasePrice'), money(p.purchase_price)],
        ]}
      />
    </>
  );
}
