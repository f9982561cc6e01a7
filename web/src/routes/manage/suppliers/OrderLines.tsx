import { useId, useState } from 'react';
import { $api, type Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { asPage, MAX_PAGE_SIZE } from '../../../api/pages';
import { useT } from '../../../i18n/i18n';
import { SendButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { FailureAlert } from '../../../ui/FailureAlert';
import { useMoney } from '../../../ui/RecordPage';
import { isLow } from '../products/product-list';
import { STOCK_WORDS } from '../stock-words';
import { linesOpen } from './order-status';

type Order = Schemas['PurchaseOrder'];
type Product = Schemas['Product'];

interface Line {
  product_id: number;
  product_name: string;
  quantity: string;
  unit_cost: string;
}

const lineOf = (item: Order['items'][number]): Line => ({
  product_id: item.product_id,
  product_name: item.product_name,
  quantity: String(item.quantity),
  unit_cost: String(item.unit_cost),
});

/** How many to order of a low product: enough to stand at twice its threshold again (at least one). */
export function reorderQuantity(product: Pick<Product, 'quantity_on_hand' | 'low_stock_threshold'>): number {
  return Math.max(1, product.low_stock_threshold * 2 - product.quantity_on_hand);
}

/**
 * An order's lines: product, quantity and unit cost. While the order is created or ordered
 * they are edited here and saved as one list (the service replaces them all); a suggestion adds
 * the supplier's products at or below their threshold, each enough to reach twice it.
 */
export function OrderLines({ order }: { order: Order }) {
  const t = useT();
  const info = $api.useQuery('get', '/api/public/salon-info');
  const money = useMoney(info.data?.currency);
  const open = linesOpen(order.status);
  const [lines, setLines] = useState<Line[]>(() => order.items.map(lineOf));
  const [changed, setChanged] = useState(false);
  const [done, setDone] = useState('');
  const productId = useId();
  const [picked, setPicked] = useState(0);
  const products = $api.useQuery(
    'get',
    '/api/inventory/products',
    { params: { query: { supplier_id: order.supplier_id, low_stock_first: true, page: 1, limit: MAX_PAGE_SIZE } } },
    { enabled: open },
  );
  const choices = products.data === undefined ? [] : asPage(products.data).data;
  const save = useApiMutation('put', '/api/suppliers/orders/{id}/items', {
    onSuccess: (saved) => {
      setLines(saved.items.map(lineOf));
      setChanged(false);
      setDone(t('manage.suppliers.lines.saved'));
    },
  });
  const edit = (next: Line[]) => {
    setLines(next);
    setChanged(true);
    setDone('');
  };
  const add = (product: Product, quantity: number) => ({
    product_id: product.id,
    product_name: product.name,
    quantity: String(quantity),
    unit_cost: String(product.purchase_price),
  });
  const suggest = () => {
    const present = new Set(lines.map((line) => line.product_id));
    const low = choices.filter((product) => isLow(product) && !present.has(product.id));
    if (low.length === 0) {
      setDone(t('manage.suppliers.lines.nothingLow'));
      return;
    }
    edit([...lines, ...low.map((product) => add(product, reorderQuantity(product)))]);
  };
  const total = lines.reduce((sum, line) => sum + Number(line.quantity) * Number(line.unit_cost), 0);

  return (
    <section className="record-section" aria-labelledby="order-lines">
      <h2 id="order-lines">{t('manage.suppliers.lines.heading')}</h2>
      {lines.length === 0 ? (
        <p>{t('manage.suppliers.lines.empty')}</p>
      ) : (
        <table className="stock-lines">
          <thead>
            <tr>
              <th scope="col">{t('manage.suppliers.lines.product')}</th>
              <th scope="col">{t('manage.suppliers.lines.quantity')}</th>
              <th scope="col">{t('manage.suppliers.lines.unitCost')}</th>
              {open && (
                <th scope="col">
                  <span className="visually-hidden">{t('manage.suppliers.lines.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={line.product_id}>
                <th scope="row">{line.product_name}</th>
                <td>
                  {open ? (
                    <input
                      aria-label={t('manage.suppliers.lines.quantityOf', { name: line.product_name })}
                      inputMode="numeric"
                      value={line.quantity}
                      onChange={(event) =>
                        edit(lines.map((l, i) => (i === index ? { ...l, quantity: event.target.value } : l)))
                      }
                    />
                  ) : (
                    line.quantity
                  )}
                </td>
                <td>
                  {open ? (
                    <input
                      aria-label={t('manage.suppliers.lines.unitCostOf', { name: line.product_name })}
                      inputMode="decimal"
                      value={line.unit_cost}
                      onChange={(event) =>
                        edit(lines.map((l, i) => (i === index ? { ...l, unit_cost: event.target.value } : l)))
                      }
                    />
                  ) : (
                    money(Number(line.unit_cost))
                  )}
                </td>
                {open && (
                  <td>
                    <Button variant="secondary" onPress={() => edit(lines.filter((_, i) => i !== index))}>
                      {t('manage.suppliers.lines.remove', { name: line.product_name })}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {lines.length > 0 && (
        <p>{t('manage.suppliers.lines.total', { total: money(Number.isFinite(total) ? total : 0) })}</p>
      )}
      {open && (
        <div className="stock-filters">
          <div className="field">
            <label htmlFor={productId}>{t('manage.suppliers.lines.pick')}</label>
            <select id={productId} value={picked} onChange={(event) => setPicked(Number(event.target.value))}>
              <option value={0}>{t('manage.suppliers.lines.pickNone')}</option>
              {choices
                .filter((product) => !lines.some((line) => line.product_id === product.id))
                .map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.name}
                  </option>
                ))}
            </select>
          </div>
          <Button
            variant="secondary"
            isDisabled={picked === 0}
            onPress={() => {
              const product = choices.find((choice) => choice.id === picked);
              if (product) edit([...lines, add(product, 1)]);
              setPicked(0);
            }}
          >
            {t('manage.suppliers.lines.add')}
          </Button>
          {/* Only once the supplier's products are here: pressed before, it would find nothing low. */}
          <Button variant="secondary" isDisabled={products.data === undefined} onPress={suggest}>
            {t('manage.suppliers.lines.suggest')}
          </Button>
          <SendButton
            sending={save}
            isDisabled={!changed}
            onSend={() =>
              save.mutate({
                params: { path: { id: order.id } },
                body: {
                  items: lines.map((line) => ({
                    product_id: line.product_id,
                    quantity: Number(line.quantity),
                    unit_cost: Number(line.unit_cost.replace(',', '.')),
                  })),
                },
              })
            }
          >
            {t('manage.suppliers.lines.save')}
          </SendButton>
        </div>
      )}
      <FailureAlert error={products.error} words={STOCK_WORDS} />
      <FailureAlert error={save.error} words={STOCK_WORDS} />
      <p role="status" className="stock-done">
        {done}
      </p>
    </section>
  );
}
