import { useState } from 'react';
import { useLocation } from 'wouter';
import { officeHref } from '../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { randomKey } from '../../lib/random';
import { ApiForm, fieldText, SubmitButton } from '../../ui/ApiForm';
import { NativeCheckbox } from '../../ui/NativeCheckbox';
import { TextField } from '../../ui/TextField';
import { useMoney } from '../../ui/RecordPage';

type Order = Schemas['PosOrder'];
type Refund = Schemas['PosRefund'];
type Method = 'same' | 'cash' | 'gift_card';

/** What is left to refund of each line: its quantity less what refunds (pending ones too) took. */
function leftOf(order: Order, refunds: readonly Refund[]): Map<number, number> {
  const taken = new Map<number, number>();
  for (const refund of refunds) {
    for (const line of refund.items)
      taken.set(line.order_item_id, (taken.get(line.order_item_id) ?? 0) + line.quantity);
  }
  return new Map(order.items.map((line) => [line.id, line.quantity - (taken.get(line.id) ?? 0)]));
}

/**
 * A paid sale refunded, whole or per line, from its receipt: how many of each line go back, why
 * (printed on the refund's receipt), where the money goes (the sale's own method through its
 * provider, cash from the drawer, or onto the gift card it spent) and whether returned products
 * go back in stock. The service checks every rule (never more than was paid, the method that can
 * take it) and names the one a refund breaks; the refund is a new record with a receipt of its
 * own, which opens once it is done. One Idempotency-Key per refund form: a retried press whose
 * answer was lost refunds once.
 */
export function RefundSection({ orderId, currency }: { orderId: number; currency: string }) {
  const order = $api.useQuery('get', '/api/pos/{id}', { params: { path: { id: orderId } } });
  const refunds = $api.useQuery('get', '/api/pos/{id}/refunds', { params: { path: { id: orderId } } });
  if (!order.data || !refunds.data) return null;
  const left = leftOf(order.data, refunds.data);
  if (order.data.voided_at !== null || [...left.values()].every((quantity) => quantity <= 0)) return null;
  return <RefundForm order={order.data} left={left} currency={currency} />;
}

function RefundForm({ order, left, currency }: { order: Order; left: Map<number, number>; currency: string }) {
  const t = useT();
  const money = useMoney(currency);
  const [, navigate] = useLocation();
  const [key] = useState(randomKey);
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [method, setMethod] = useState<Method>('same');
  const [restock, setRestock] = useState(true);
  const [checks, setChecks] = useState<Record<string, string>>({});
  const refund = useApiMutation('post', '/api/pos/{id}/refunds', {
    onSuccess: (done) => {
      if (done.status === 'completed') navigate(officeHref.refundReceipt(order.id, done.id));
    },
  });
  const lines = order.items.filter((line) => (left.get(line.id) ?? 0) > 0);
  const hasProducts = lines.some((line) => line.item_type === 'product');
  // Cash from the drawer is its own choice only when the sale was paid otherwise.
  const methods: Method[] = [
    'same',
    ...(order.payment_method !== 'cash' ? (['cash'] as const) : []),
    ...(order.gift_card_id !== null ? (['gift_card'] as const) : []),
  ];

  return (
    <section className="till-refund print-hide" aria-labelledby="refund-title">
      <h2 id="refund-title">{t('refund.title')}</h2>
      <p>{t('refund.intro')}</p>
      <ApiForm
        sending={refund}
        checks={checks}
        words={{
          codes: {
            refund_exceeds_paid: 'refund.refused.exceeds',
            refund_method_not_allowed: 'refund.refused.method',
            refund_refused: 'refund.refused.provider',
            order_voided: 'refund.refused.voided',
            order_not_paid: 'refund.refused.notPaid',
          },
        }}
        onSubmit={(form) => {
          const items = lines
            .map((line) => ({ order_item_id: line.id, quantity: Number(counts[line.id] ?? 0) }))
            .filter((line) => Number.isInteger(line.quantity) && line.quantity > 0);
          if (items.length === 0) {
            setChecks({ [`count-${lines[0]?.id ?? 0}`]: t('refund.check.nothing') });
            return;
          }
          setChecks({});
          refund.mutate({
            params: { path: { id: order.id }, header: { 'idempotency-key': key } },
            body: {
              reason: fieldText(form, 'reason').trim(),
              items,
              ...(method === 'same' ? {} : { method }),
              ...(hasProducts ? { restock } : {}),
            },
          });
        }}
      >
        <fieldset className="till-refund-lines">
          <legend>{t('refund.lines')}</legend>
          {lines.map((line) => (
            <TextField
              key={line.id}
              name={`count-${line.id}`}
              label={t('refund.lineLabel', { name: line.name, left: left.get(line.id) ?? 0 })}
              description={t('refund.lineHelp', { total: money(line.line_total), quantity: line.quantity })}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              value={counts[line.id] ?? ''}
              onChange={(value) => setCounts((old) => ({ ...old, [line.id]: value }))}
            />
          ))}
        </fieldset>
        <fieldset className="till-paper">
          <legend>{t('refund.method')}</legend>
          {methods.map((choice) => (
            <label key={choice}>
              <input type="radio" name="refund-method" checked={method === choice} onChange={() => setMethod(choice)} />{' '}
              {t(`refund.methods.${choice}`, { method: order.payment_method })}
            </label>
          ))}
        </fieldset>
        {hasProducts && (
          <NativeCheckbox checked={restock} onChange={setRestock}>
            {t('refund.restock')}
          </NativeCheckbox>
        )}
        <TextField name="reason" label={t('refund.reason')} isRequired maxLength={500} autoComplete="off" />
        <SubmitButton sending={refund}>{t('refund.submit')}</SubmitButton>
      </ApiForm>
      <p role="status">{refund.data?.status === 'pending' && t('refund.pending')}</p>
    </section>
  );
}
