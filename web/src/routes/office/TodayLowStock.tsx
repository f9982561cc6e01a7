import { $api } from '../../api/client';
import { useT } from '../../i18n/i18n';
import { LoadError } from '../../ui/PageStates';

/** Products at or below their alert threshold (admins only: stock is theirs to order). */
export function TodayLowStock() {
  const t = useT();
  const products = $api.useQuery('get', '/api/inventory/products', {});
  const low = (products.data && Array.isArray(products.data) ? products.data : (products.data?.data ?? []))
    .filter((product) => product.quantity_on_hand <= product.low_stock_threshold)
    .sort((a, b) => a.quantity_on_hand - b.quantity_on_hand || a.name.localeCompare(b.name));
  return (
    <section className="today-part" aria-labelledby="today-stock">
      <h2 id="today-stock">{t('today.stock.title', { count: low.length })}</h2>
      {products.isError ? (
        <LoadError retry={() => void products.refetch()} />
      ) : products.isPending ? (
        <p className="today-empty">{t('app.loading')}</p>
      ) : low.length === 0 ? (
        <p className="today-empty">{t('today.stock.none')}</p>
      ) : (
        <ul className="today-list">
          {low.map((product) => (
            <li key={product.id}>
              <span className="today-who">{product.name}</span>
              <span className="today-status">
                {t('today.stock.left', { count: product.quantity_on_hand, threshold: product.low_stock_threshold })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
